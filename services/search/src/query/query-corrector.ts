// Whole-query spelling correction (issue 16). Each correctable word gets a few candidate
// spellings from the index's own vocabulary (symspell.ts: Damerau–Levenshtein, so a swap is one
// edit); the combinations of the words' candidates are then counted against the index in one
// round trip, and the combination that matches best, for the fewest edits, wins. Correcting
// word by word, with only each word's best candidate, turned "cral sea" into "crab sea", which
// matches nothing, where "coral sea" was one candidate away.

import { correctableTerms, applyCorrections, type WebQuery } from './web-query.js';
import type { Suggestion } from './symspell.js';

/** What the corrector reads of the vocabulary (a SymSpellIndex). */
export interface SpellingVocabulary {
  lookup(word: string, maxDistance: number): Suggestion[];
  countOf(word: string): number;
}

/** How many documents match each query (every word, as the search matches them: stemmed), capped. */
export type MatchCounter = (queries: readonly WebQuery[]) => Promise<readonly number[]>;

export interface QueryCorrection {
  /**
   * Each word to replace, with its replacement; a word the vocabulary does not know and no
   * matching combination corrects maps to undefined (the search may still complete it as a
   * prefix: "wikip"). Empty: nothing to do.
   */
  readonly corrections: ReadonlyMap<string, string | undefined>;
  /** Documents matching the corrected query (0 when nothing was corrected). */
  readonly matches: number;
  /**
   * Documents matching the query as typed, up to the counter's cap: its spelling is the first
   * combination counted. Undefined when nothing was counted (no word had a candidate).
   */
  readonly typedMatches?: number;
}

export const CORRECTION_LIMITS = {
  /** Words of 4 letters may be one edit off, longer ones two ("cral" -> "coral", "comprheension"). */
  maxDistance: (word: string) => ([...word].length <= 4 ? 1 : 2),
  /** Candidates kept per word, its own spelling included. */
  perWord: 6,
  /** Combinations counted against the index, at most. */
  combinations: 32,
  /**
   * A word the vocabulary knows is questioned only when a neighbour is used this many times
   * more often ("much more frequent")...
   */
  questionRatio: 10,
  /**
   * ...and each edit must multiply the query's matches (plus one) by this much: a correction
   * of a known word must match far better than the query as typed, and between two
   * corrections of an unknown word the nearer wins unless the farther matches 10 times more.
   */
  editCost: Math.log(10),
  /**
   * Replacing a word the vocabulary knows costs this much more: "hornet" (2 pages) is not
   * turned into "horned" (30 pages), but "recieve email" (no page) becomes "receive email".
   */
  knownWordCost: Math.log(10),
} as const;

interface Option {
  readonly word: string;
  readonly distance: number;
  readonly count: number;
}

/**
 * The best-matching correction of `query`: per correctable word (positive, unquoted, 4 letters
 * or more, not a stop word: "la", "of" are never touched) the word as typed and its nearest
 * vocabulary words; a word the vocabulary knows only with neighbours used `questionRatio`
 * times more. A combination that matches nothing is never chosen; among the rest the score is
 * ln(1 + matches) − editCost · edits (− knownWordCost per known word replaced). Phrases, exclusions and OR groups keep their meaning:
 * only plain words are replaced, and the counts use the whole query tree.
 */
export async function correctQuery(
  query: WebQuery,
  vocabulary: SpellingVocabulary,
  countMatches: MatchCounter,
): Promise<QueryCorrection> {
  const terms = correctableTerms(query);
  const options = terms.map((term) => optionsFor(term, vocabulary));
  const unknown = terms.filter((term) => vocabulary.countOf(term) === 0);
  const none: QueryCorrection = {
    corrections: new Map(unknown.map((term) => [term, undefined])),
    matches: 0,
  };
  if (options.every((list) => list.length <= 1)) return none;

  prune(options);
  // The first combination is every word as typed (each list starts with it; prune keeps it).
  const combinations = product(options);
  const queries = combinations.map((combination) =>
    applyCorrections(query, replacements(terms, combination)),
  );
  // An unknown word is also counted alone: one that matches nothing, even stemmed ("dgos", unlike
  // "nest", which finds "nests"), is a typo even where the rest of the query matches ("cats OR dgos").
  const alone = unknown.map(
    (term) =>
      ({
        clauses: [{ alternatives: [{ kind: 'term', text: term, negated: false }] }],
      }) satisfies WebQuery,
  );
  const counts = await countMatches([...queries, ...alone]);
  const unmatched = new Set(unknown.filter((_, i) => (counts[queries.length + i] ?? 0) === 0));

  let best: { index: number; score: number; tieBreak: number } | undefined;
  combinations.forEach((combination, index) => {
    const matches = counts[index] ?? 0;
    if (
      matches <= 0 ||
      combination.some((option, i) => option.distance === 0 && unmatched.has(terms[i] as string))
    )
      return;
    const cost = combination.reduce(
      (sum, option, i) => sum + editCost(option, vocabulary.countOf(terms[i] as string) > 0),
      0,
    );
    const score = Math.log1p(matches) - cost;
    // Equal scores: the more used words (then the first combination, which is alphabetical).
    const tieBreak = combination.reduce((sum, option) => sum + Math.log1p(option.count), 0);
    if (!best || score > best.score || (score === best.score && tieBreak > best.tieBreak))
      best = { index, score, tieBreak };
  });
  const typedMatches = counts[0] ?? 0;
  if (!best) return { ...none, typedMatches };
  const chosen = combinations[best.index] as readonly Option[];
  const corrections = new Map<string, string | undefined>(none.corrections);
  chosen.forEach((option, i) => {
    const term = terms[i] as string;
    if (option.word !== term) corrections.set(term, option.word);
    else if (option.distance === 0) corrections.delete(term); // it matches as typed (stemming: "nest" finds "nests")
  });
  return {
    corrections,
    matches: corrections.size > 0 ? (counts[best.index] ?? 0) : 0,
    typedMatches,
  };
}

function editCost(option: Option, replacesKnownWord: boolean): number {
  if (option.distance === 0) return 0;
  return (
    CORRECTION_LIMITS.editCost * option.distance +
    (replacesKnownWord ? CORRECTION_LIMITS.knownWordCost : 0)
  );
}

/** The word as typed, then its nearest vocabulary words (the most used first at each distance). */
function optionsFor(term: string, vocabulary: SpellingVocabulary): Option[] {
  const own = vocabulary.countOf(term);
  const neighbours = vocabulary
    .lookup(term, CORRECTION_LIMITS.maxDistance(term))
    .filter(
      (suggestion) =>
        suggestion.distance > 0 &&
        (own === 0 || suggestion.count >= CORRECTION_LIMITS.questionRatio * own),
    );
  return [
    { word: term, distance: 0, count: own },
    ...neighbours.slice(0, CORRECTION_LIMITS.perWord - 1),
  ];
}

/** Drops the last candidates of the longest lists until the combinations are few enough. */
function prune(options: Option[][]): void {
  const count = () => options.reduce((total, list) => total * list.length, 1);
  while (count() > CORRECTION_LIMITS.combinations) {
    const longest = options.reduce((a, b) => (b.length > a.length ? b : a));
    longest.pop();
  }
}

function product(options: readonly (readonly Option[])[]): Option[][] {
  return options.reduce<Option[][]>(
    (combinations, list) =>
      combinations.flatMap((combination) => list.map((option) => [...combination, option])),
    [[]],
  );
}

function replacements(
  terms: readonly string[],
  combination: readonly Option[],
): Map<string, string> {
  return new Map(
    combination.flatMap((option, i) =>
      option.word === terms[i] ? [] : [[terms[i] as string, option.word] as const],
    ),
  );
}
