import { STATIC_RANK_VERSION } from '@frenly/db';

/** The query formula's version (docs/search-ranking.md, section 5). */
export const QUERY_FORMULA_VERSION = 2;

/**
 * Ranking formula, versioned with docs/search-ranking.md. Query formula v2, the SQL function
 * search.score_v2 (migration 0008_ranked_page), which search.ranked_page applies to each
 * candidate:
 *   text  = 4 · exact + 2 · allInTitle + head
 *     head = ts_rank_cd(weights D0.1 C0.2 B0.4 A1.0, head_vector, normalisation 32) when the
 *            head (title, domain, description, tags) matches the query, else 0.02 (page text only)
 *   score = text · (0.7 + 0.6 · static_rank)
 * then at most two results per domain ahead of the rest, ties broken by id (also in
 * search.ranked_page). A new formula is a new function (search.score_v3) in a new migration.
 * v1 ranked cover density over the whole document, page text included: reading every
 * candidate's page-text vector cost more than the whole latency budget at 1M sites.
 * `static_rank` (Frenliness, Wilson community balance, trust) is a generated column: see
 * STATIC_RANK_VERSION in @frenly/db.
 */
export const RANKING_VERSION = `${QUERY_FORMULA_VERSION}.${STATIC_RANK_VERSION}`;

export const RANKING_WEIGHTS = {
  /** Results of one domain shown before other domains' results are all placed. */
  perDomain: 2,
} as const;

/** The domain an exact-match query names ("https://www.Wikipedia.org/" -> wikipedia.org): what search.score_v2 compares the domain with. */
export function exactDomainOf(exactText: string): string {
  return exactText.replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
}
