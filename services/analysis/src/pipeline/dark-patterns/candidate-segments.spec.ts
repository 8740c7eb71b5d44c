import { readFileSync } from 'node:fs';
import { SegmentPrefilter } from './candidate-segments.js';
import { normaliseText } from './normalise-text.js';
import { requirementOf } from './required-literals.js';
import { TEXT_RULES } from './text-rules.js';

const labelledTexts = ['dataset.jsonl', 'handwritten.jsonl', 'handwritten-2.jsonl']
  .flatMap((file) =>
    readFileSync(new URL(`./dataset/${file}`, import.meta.url), 'utf8').split('\n'),
  )
  .filter((line) => line.trim() !== '')
  .map((line) => normaliseText((JSON.parse(line) as { text: string }).text));

describe(requirementOf.name, () => {
  it.each([
    [/only \d+ left/i, [[['only '], [' left']]]],
    [/\b(?:hurry|act now)\b/i, [[['hurry', 'act now']]]],
    [
      /(?:limited|exclusive) (?:offer|deal)s?/i,
      [
        [
          ['limited', 'exclusive'],
          ['offer', 'deal'],
        ],
      ],
    ],
    [/Only (?:\d+ )?LEFT|sold out/i, [[['only '], ['left']], [['sold out']]]],
    [/x?y?z?/i, null],
    [/\d+ ?%|last chance/i, null],
  ])('%s → %j', (pattern, expected) => {
    expect(requirementOf(pattern)).toEqual(expected);
  });

  it('finds a requirement for most of the rules (else the prefilter saves little)', () => {
    const filtered = TEXT_RULES.filter((rule) => requirementOf(rule.pattern) !== null);
    expect(filtered.length / TEXT_RULES.length).toBeGreaterThan(0.8);
  });
});

describe(SegmentPrefilter.name, () => {
  it('keeps every segment in which a rule matches on its own (all rules, the labelled texts)', () => {
    const candidates = new SegmentPrefilter(TEXT_RULES.map((rule) => rule.pattern)).candidatesIn(
      labelledTexts,
    );
    let matches = 0;
    const missed: string[] = [];
    TEXT_RULES.forEach((rule, index) => {
      const where = candidates[index];
      labelledTexts.forEach((text, segment) => {
        if (!rule.pattern.test(text)) return;
        matches += 1;
        if (where !== 'all' && !where?.has(segment)) missed.push(`rule ${index}: ${text}`);
      });
    });
    expect(missed).toEqual([]);
    expect(matches).toBeGreaterThan(500);
  });

  it('narrows a rule to the segments holding one of its words, whatever their case', () => {
    const [where] = new SegmentPrefilter([/only \d+ left/i]).candidatesIn([
      'ONLY 2 left',
      'Free delivery',
      'only',
      'not only 3 left',
    ]);
    expect(where).toEqual(new Set([0, 3]));
  });

  it('never finds a word across two segments', () => {
    const [where] = new SegmentPrefilter([/hurry/i]).candidatesIn(['hur', 'ry']);
    expect(where).toEqual(new Set());
  });

  it('returns every segment for a rule without a useful requirement', () => {
    expect(new SegmentPrefilter([/\d+%/i]).candidatesIn(['a', 'b'])).toEqual(['all']);
  });
});
