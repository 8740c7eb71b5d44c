import { STATIC_RANK_VERSION } from '@frenly/db';

/** The query formula's version (docs/search-ranking.md). */
export const QUERY_FORMULA_VERSION = 3;

/**
 * Ranking formula, versioned with docs/search-ranking.md. Query formula v3 lives in ONE file,
 * ./sql/ranking-v3.sql (the document's fields, the SQL function search.score_v3, the candidate
 * stage search.ranked_page), which migration 0010_ranking_v3 is verbatim (ranking-sql.spec.ts):
 *   BM25F over title (A), description and tags (B) and URL words (C) of the head vector,
 *   idf per query term over the head vectors, a missing term adds nothing,
 *   score = Σ idf · tf / (1.2 + tf) · (0.99 + 0.02 · static_rank)
 * no bonus for an exact domain or title; full matches before partial ones (pages lacking some
 * query word, looked up when the full matches do not fill the page); then at most two results
 * per domain ahead of the rest, ties broken by id. A new formula is a new file and a new
 * migration (search.score_v4), never an edit of a landed one. v2 (migration 0008) added 4 for
 * an exact domain or title and indexed the domain as title words: name-matching sites crowded
 * out relevant ones (issue 16). `static_rank` (Frenliness, Wilson community balance, trust)
 * is a generated column: see STATIC_RANK_VERSION in @frenly/db.
 */
export const RANKING_VERSION = `${QUERY_FORMULA_VERSION}.${STATIC_RANK_VERSION}`;

/** The file that holds the ranking, and the migration that applies it. */
export const RANKING_SQL_FILE = 'ranking-v3.sql';
export const RANKING_MIGRATION = '0010_ranking_v3';

export const RANKING_WEIGHTS = {
  /** Results of one domain shown before other domains' results are all placed. */
  perDomain: 2,
} as const;

/**
 * The domain an exact-match query names ("https://www.Wikipedia.org/" -> wikipedia.org): the
 * site it names joins the candidates even when its static rank would leave it out (recall
 * only: it is scored like any other candidate).
 */
export function exactDomainOf(exactText: string): string {
  return exactText
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}
