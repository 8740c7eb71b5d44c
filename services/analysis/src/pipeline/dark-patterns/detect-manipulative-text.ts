// Finds manipulative design in a page's visible texts: a pure function over strings, so the page
// scanner (or any other source of text) can feed it. Each finding quotes its evidence and
// carries every category its message belongs to: "Hurry! Only 2 left" is scarcity and urgency.
import { SegmentPrefilter } from './candidate-segments.js';
import { normaliseText } from './normalise-text.js';
import type { MathurCategory, PatternType } from './pattern-types.js';
import { TEXT_RULES, type TextRule } from './text-rules.js';

export interface TextFinding {
  readonly type: PatternType;
  /** The type's own category first, then those of other patterns in the same message. */
  readonly categories: readonly MathurCategory[];
  /** The normalised text around the match, at most 140 characters. */
  readonly evidence: string;
  /** Index of the segment the match starts in. */
  readonly segment: number;
}

interface Hit {
  readonly type: PatternType;
  readonly index: number;
  readonly length: number;
}

/** A message this short is one message: everything found in it describes the same thing. */
const ONE_MESSAGE = 160;
/** In longer text, hits this close (in characters) describe the same message. */
const NEAR = 80;
/** Adjacent segments this short may be one message split across elements. */
const SHORT_PIECE = 80;
const EVIDENCE_MAX = 140;

const PREFILTER = new SegmentPrefilter(TEXT_RULES.map((rule) => rule.pattern));

/**
 * The rules' hits in each text, in rule order; each rule runs only on the texts where a scan of
 * all texts found it may match (rule by rule, so that no rule is even considered elsewhere).
 * A text that occurs more than once (a product card's "Add to basket", a repeated menu) is read
 * once: its hits are the same wherever it occurs, and callers only read them.
 */
function hitsInEach(texts: readonly string[]): (readonly Hit[])[] {
  const distinct: string[] = [];
  const distinctIndex = new Map<string, number>();
  const textIndex = new Array<number>(texts.length);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    let index = distinctIndex.get(text);
    if (index === undefined) {
      index = distinct.length;
      distinct.push(text);
      distinctIndex.set(text, index);
    }
    textIndex[i] = index;
  }
  const candidates = PREFILTER.candidatesIn(distinct);
  const hits: Hit[][] = distinct.map(() => []);
  TEXT_RULES.forEach((rule, index) => {
    const where = candidates[index] ?? 'all';
    if (where === 'all') {
      for (let text = 0; text < distinct.length; text++)
        hitIn(distinct[text] ?? '', rule, hits[text]!);
    } else {
      for (const text of where) hitIn(distinct[text] ?? '', rule, hits[text]!);
    }
  });
  return distinct.length === texts.length ? hits : textIndex.map((index) => hits[index]!);
}

function hitIn(text: string, rule: TextRule, hits: Hit[]): void {
  if (rule.short && text.length > ONE_MESSAGE) return;
  const match = rule.pattern.exec(text);
  if (!match) return;
  if (rule.unless?.test(text)) return;
  hits.push({ type: rule.type, index: match.index, length: match[0].length });
}

function quote(text: string, index: number, length: number): string {
  if (text.length <= EVIDENCE_MAX) return text;
  const room = Math.max(0, EVIDENCE_MAX - length);
  let start = Math.max(0, index - Math.floor(room / 2));
  const end = Math.min(text.length, start + EVIDENCE_MAX);
  start = Math.max(0, end - EVIDENCE_MAX);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

function findingsOf(text: string, hits: readonly Hit[], segment: number): TextFinding[] {
  const findings: TextFinding[] = [];
  const seenTypes = new Set<string>();
  for (const hit of hits) {
    if (seenTypes.has(hit.type.id)) continue;
    seenTypes.add(hit.type.id);
    const together = hits.filter(
      (other) => text.length <= ONE_MESSAGE || Math.abs(other.index - hit.index) <= NEAR,
    );
    const categories = [hit.type.category, ...together.map((other) => other.type.category)];
    findings.push({
      type: hit.type,
      categories: [...new Set(categories)],
      evidence: quote(text, hit.index, hit.length),
      segment,
    });
  }
  return findings;
}

/**
 * Runs the text rules over each segment (one block of visible text, a button's or a link's
 * name), after normalising it. Two adjacent short segments are also read as one, so that a
 * message split across elements ("Only <b>2</b>" / "<span>left!</span>" in separate blocks)
 * is still found; such a finding is kept only when its match crosses the join.
 */
export function detectManipulativeText(segments: readonly string[]): TextFinding[] {
  return detectManipulativeTextInNormalised(segments.map(normaliseText));
}

/** `detectManipulativeText` over texts already normalised (normaliseText), for callers that read them too. */
export function detectManipulativeTextInNormalised(texts: readonly string[]): TextFinding[] {
  const findings: TextFinding[] = [];
  const hits = hitsInEach(texts);
  texts.forEach((text, index) => {
    if (text.length >= 4) findings.push(...findingsOf(text, hits[index] ?? [], index));
  });
  const pairs: { index: number; first: string; joined: string }[] = [];
  for (let index = 0; index + 1 < texts.length; index++) {
    const first = texts[index] ?? '';
    const second = texts[index + 1] ?? '';
    if (first === '' || second === '' || first.length > SHORT_PIECE || second.length > SHORT_PIECE)
      continue;
    pairs.push({ index, first, joined: `${first} ${second}` });
  }
  const pairHits = hitsInEach(pairs.map((pair) => pair.joined));
  pairs.forEach(({ index, first, joined }, pair) => {
    const crossing = (pairHits[pair] ?? []).filter(
      (hit) => hit.index < first.length && hit.index + hit.length > first.length + 1,
    );
    if (crossing.length === 0) return;
    const found = new Set(
      findings
        .filter((finding) => finding.segment === index || finding.segment === index + 1)
        .map((finding) => finding.type.id),
    );
    findings.push(
      ...findingsOf(
        joined,
        crossing.filter((hit) => !found.has(hit.type.id)),
        index,
      ),
    );
  });
  return findings;
}

/**
 * The findings of each text read on its own, as `detectManipulativeText([text])` would give
 * them (never joined with its neighbour), with one prefilter pass over all of them: a page's
 * button and link names are hundreds of short texts, and a pass per text costs far more.
 */
export function detectManipulativeTextInEach(texts: readonly string[]): TextFinding[][] {
  const normalised = texts.map(normaliseText);
  const hits = hitsInEach(normalised);
  return normalised.map((text, index) =>
    text.length >= 4 ? findingsOf(text, hits[index] ?? [], 0) : [],
  );
}
