import type { PageFacts, TextSegment } from '../scan/page-facts.js';

const PROSE_CONTAINERS = new Set([
  'p',
  'li',
  'blockquote',
  'dd',
  'td',
  'div',
  'section',
  'article',
  'main',
  'figcaption',
  'body',
  'pre',
  'center',
  'details',
  'summary',
]);

/** The page's prose: text blocks of five words or more outside navigation, headers and footers. */
export function proseBlocks(facts: PageFacts): TextSegment[] {
  return facts.segments.filter(
    (segment) => !segment.inChrome && segment.words >= 5 && PROSE_CONTAINERS.has(segment.container),
  );
}

/** Words of prose (the content a visitor came for). */
export function proseWords(facts: PageFacts): number {
  let count = 0;
  for (const block of proseBlocks(facts)) count += block.words;
  return count;
}

/** Whether Flesch-style formulas apply: English, or no language declared. */
export function isEnglish(facts: PageFacts): boolean {
  return facts.lang === null || facts.lang.trim() === '' || /^en\b/i.test(facts.lang.trim());
}
