import { STATIC_RANK_VERSION } from '@frenly/db';

/** The query formula's version (docs/search-ranking.md). */
export const QUERY_FORMULA_VERSION = 4;

/**
 * Ranking formula, versioned with docs/search-ranking.md. The ranking lives in ONE file,
 * ./sql/ranking.sql (the document's fields, the term weight search.field_weight_v4, the search
 * search.ranked_page), which the newest ranking migration (RANKING_MIGRATION) is verbatim
 * (ranking-sql.spec.ts). Query formula v4:
 *   BM25F over title (A), description and tags (B) and URL words (C) of the head vector, a
 *   field counting once per term, idf per query term, a missing term adds nothing,
 *   score = Σ idf · w / (1.2 + w) · (0.99 + 0.02 · static_rank)
 * no bonus for an exact domain or title; full matches before partial ones (pages lacking some
 * query word, looked up when the full matches do not fill the page); at most two pages per
 * site (the best), ties broken by id. v3 (migration 0010) counted word positions
 * per field, 4 times slower; v2 (0008) added 4 for an exact domain or title and indexed the
 * domain as title words: name-matching sites crowded out relevant ones (issue 16).
 * `static_rank` (Frenliness, Wilson community balance, trust) is a generated column: see
 * STATIC_RANK_VERSION in @frenly/db.
 */
export const RANKING_VERSION = `${QUERY_FORMULA_VERSION}.${STATIC_RANK_VERSION}`;

/** The file that holds the ranking, and the migration that applies it. */
export const RANKING_SQL_FILE = 'ranking.sql';
export const RANKING_MIGRATION = '0025_ranking_walk_scaled_index_lookups';

export const RANKING_WEIGHTS = {
  /** Pages of one site listed at most (the rest through "More from this site": site:). */
  perSite: 2,
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
