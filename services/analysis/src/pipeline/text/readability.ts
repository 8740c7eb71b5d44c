// Flesch reading ease (Flesch 1948) over English prose, with a dictionary-free syllable count:
// vowel groups, minus a silent final "e", at least one per word. Good enough to rank pages,
// which is all the clarity score asks of it.

export interface Readability {
  readonly words: number;
  readonly sentences: number;
  readonly syllables: number;
  /** 206.835 − 1.015 × words/sentence − 84.6 × syllables/word; higher is easier (60–70 = plain English). */
  readonly fleschReadingEase: number;
  readonly averageSentenceWords: number;
}

/** Upper bound on the words measured, so a 2 MB page costs the same as a long article. */
export const READABILITY_WORD_LIMIT = 20_000;

export function countSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups ? groups.length : 1);
}

/** Readability of a list of prose blocks (each block ends a sentence even without a full stop). */
export function measureReadability(blocks: readonly string[]): Readability | null {
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  // Prose repeats its words ("the", "and", a product's name): each distinct one is counted once.
  const syllablesOf = new Map<string, number>();
  for (const block of blocks) {
    if (words >= READABILITY_WORD_LIMIT) break;
    const parts = block.split(/[.!?]+(?=\s|$)|[;:](?=\s)/);
    for (const part of parts) {
      const tokens = part.split(/\s+/).filter((token) => /[a-z]/i.test(token));
      if (tokens.length === 0) continue;
      sentences++;
      for (const token of tokens) {
        words++;
        let count = syllablesOf.get(token);
        if (count === undefined) syllablesOf.set(token, (count = countSyllables(token)));
        syllables += count;
      }
    }
  }
  if (words < 30 || sentences === 0) return null;
  const averageSentenceWords = words / sentences;
  const fleschReadingEase = 206.835 - 1.015 * averageSentenceWords - 84.6 * (syllables / words);
  return {
    words,
    sentences,
    syllables,
    fleschReadingEase: round1(fleschReadingEase),
    averageSentenceWords: round1(averageSentenceWords),
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
