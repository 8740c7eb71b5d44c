import type { JudgedQuery } from './judged-corpus.js';

/** The measures of one ranked list of urls against a judged query (cut-off 10). */
export interface QueryMeasures {
  readonly precisionAt10: number;
  readonly ndcgAt10: number;
  readonly reciprocalRank: number;
  readonly subtopicRecallAt10: number;
}

const CUT = 10;

/**
 * P@10 (grade ≥ 1 is relevant; fewer than 10 results count as misses), nDCG@10 (gain
 * 2^grade − 1, log2 discount, ideal from every judged document), reciprocal rank of the first
 * relevant result (0 when none in the list), and the share of the query's subtopics with a
 * relevant document in the first 10.
 */
export function measure(query: JudgedQuery, ranked: readonly string[]): QueryMeasures {
  const top = ranked.slice(0, CUT);
  const grade = (url: string) => query.grades.get(url) ?? 0;
  const relevant = top.filter((url) => grade(url) > 0);
  const dcg = (grades: readonly number[]) =>
    grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...query.grades.values()].sort((a, b) => b - a).slice(0, CUT));
  const first = ranked.findIndex((url) => grade(url) > 0);
  const covered = new Set(relevant.map((url) => query.subtopicOf.get(url)));
  return {
    precisionAt10: relevant.length / CUT,
    ndcgAt10: ideal === 0 ? 0 : dcg(top.map(grade)) / ideal,
    reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
    subtopicRecallAt10: query.subtopics.length === 0 ? 0 : covered.size / query.subtopics.length,
  };
}

/** The mean of each measure. */
export function meanMeasures(all: readonly QueryMeasures[]): QueryMeasures {
  const mean = (pick: (m: QueryMeasures) => number) =>
    all.length === 0 ? 0 : all.reduce((sum, m) => sum + pick(m), 0) / all.length;
  return {
    precisionAt10: mean((m) => m.precisionAt10),
    ndcgAt10: mean((m) => m.ndcgAt10),
    reciprocalRank: mean((m) => m.reciprocalRank),
    subtopicRecallAt10: mean((m) => m.subtopicRecallAt10),
  };
}
