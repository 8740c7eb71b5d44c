// Clarity: can a visitor tell what the page is and read it without effort?
import type { PageFacts } from '../scan/page-facts.js';
import { measureReadability } from '../text/readability.js';
import { clip } from '../text/snippet.js';
import { counted, linear, plural, type CheckResult } from './check.js';
import { isEnglish, proseBlocks } from './content-blocks.js';

/** Words in one block beyond which it reads as a wall of text. */
export const WALL_OF_TEXT_WORDS = 150;

export function clarityChecks(facts: PageFacts): CheckResult[] {
  const results: CheckResult[] = [];
  const blocks = proseBlocks(facts);
  const proseWordCount = blocks.reduce((sum, block) => sum + block.words, 0);
  const english = isEnglish(facts);
  const readability = english ? measureReadability(blocks.map((block) => block.text)) : null;

  results.push({
    id: 'clarity.readability',
    score: readability ? linear(readability.fleschReadingEase, 60, 20) : null,
    // Over sentences, not words: the prose count beside it also counts numbers, and two
    // different word counts of one page read as a mistake.
    detail: !english
      ? `Reading ease not measured: the page is in "${facts.lang}", and the Flesch formula is calibrated for English.`
      : readability
        ? `Flesch reading ease ${readability.fleschReadingEase} over ${plural(readability.sentences, 'sentence')} (60+ is plain English, below 30 is hard).`
        : 'Too little prose to measure reading ease.',
    fix: 'Use shorter sentences and everyday words (aim for a Flesch reading ease of 60 or more).',
    strength:
      readability && readability.fleschReadingEase >= 60
        ? `Easy to read (Flesch reading ease ${readability.fleschReadingEase})`
        : undefined,
  });
  results.push({
    id: 'clarity.sentence-length',
    score: readability ? linear(readability.averageSentenceWords, 20, 35) : null,
    detail: readability
      ? `Sentences average ${readability.averageSentenceWords} words.`
      : 'Too little prose to measure sentence length.',
    fix: 'Split long sentences: aim for 20 words or fewer on average.',
  });

  const hasTitle = Boolean(facts.title);
  const description = facts.metaDescription || facts.ogDescription;
  results.push({
    id: 'clarity.title-and-description',
    score: (hasTitle ? 0.5 : 0) + (description ? 0.5 : 0),
    detail: `${hasTitle ? 'Has a title' : 'No title'} and ${description ? 'a description' : 'no meta description'}.`,
    fix: description
      ? 'Give the page a title that says what it is.'
      : 'Add a meta description that says in one sentence what the page offers.',
    evidence: description ? [`"${clip(description, 120)}"`] : [],
  });

  const headings = facts.headings.filter((heading) => !heading.hidden && heading.text !== '');
  const hasH1 = headings.some((heading) => heading.level === 1);
  const wanted = Math.max(1, Math.floor(proseWordCount / 350));
  const density = Math.min(1, headings.length / wanted);
  results.push({
    id: 'clarity.heading-structure',
    score: 0.4 * (hasH1 ? 1 : 0) + 0.6 * density,
    detail: `${plural(headings.length, 'heading')} for ${proseWordCount} words of prose${hasH1 ? '' : ', and no <h1>'}.`,
    fix: 'Break the content up with descriptive headings (about one per 350 words) under a single <h1>.',
    strength: hasH1 && headings.length >= 3 && density >= 1 ? 'Clear heading structure' : undefined,
  });

  const ratio = facts.htmlChars === 0 ? 0 : facts.visibleChars / facts.htmlChars;
  results.push({
    id: 'clarity.text-to-markup',
    score: linear(ratio, 0.15, 0.02),
    detail: `Visible text is ${(ratio * 100).toFixed(1)}% of the HTML.`,
    fix: 'Reduce markup and inline scripts relative to content (text is under 2% of the page).',
  });

  const walls = blocks.filter((block) => block.words > WALL_OF_TEXT_WORDS);
  const wallWords = walls.reduce((sum, block) => sum + block.words, 0);
  results.push({
    id: 'clarity.wall-of-text',
    score: proseWordCount < 100 ? null : 1 - wallWords / proseWordCount,
    detail:
      walls.length === 0
        ? 'No wall of text: paragraphs stay short.'
        : `${counted(walls.length, 'block', 'runs', 'run')} past ${WALL_OF_TEXT_WORDS} words without a break (${wallWords} of ${proseWordCount} words).`,
    fix: `Break paragraphs longer than ${WALL_OF_TEXT_WORDS} words into shorter ones, lists or sections.`,
    strength:
      walls.length === 0 && proseWordCount >= 300 ? 'Short, scannable paragraphs' : undefined,
    evidence: walls.slice(0, 2).map((block) => `"${clip(block.text, 90)}" (${block.words} words)`),
  });

  results.push({
    id: 'clarity.content-present',
    score: linear(proseWordCount, 150, 20),
    detail: `${proseWordCount} words of prose.`,
    // The count, not a verdict: 75 words is little prose, not "almost no readable text".
    fix: `Say in words what the page offers: it has only ${plural(proseWordCount, 'word')} of prose.`,
  });
  return results;
}
