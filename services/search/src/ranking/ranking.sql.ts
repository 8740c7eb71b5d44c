import { sql, type SQL } from 'drizzle-orm';
import { STATIC_RANK_VERSION } from '@frenly/db';

/**
 * Ranking formula, versioned with docs/search-ranking.md. v1:
 *   text  = 4 · exact + 2 · allInTitle + ts_rank_cd(weights D0.1 C0.2 B0.4 A1.0, normalisation 32)
 *   score = text · (0.7 + 0.6 · static_rank)
 * then at most two results per domain ahead of the rest, ties broken by id.
 * `static_rank` (Frenliness, Wilson community balance, trust) is a generated column: see
 * STATIC_RANK_VERSION in @frenly/db.
 */
export const RANKING_VERSION = `${1}.${STATIC_RANK_VERSION}`;

export const RANKING_WEIGHTS = {
  exact: 4,
  allInTitle: 2,
  qualityFloor: 0.7,
  qualitySpan: 0.6,
  /** Results of one domain shown before other domains' results are all placed. */
  perDomain: 2,
} as const;

/**
 * How exactly the site answers the query as a name: 1 its domain, 0.95 the name part of a
 * domain without subdomain (wikipedia -> wikipedia.org), 0.9 its whole title, 0.8 the name
 * part of a subdomain (wikipedia -> en.wikipedia.org), else 0.
 */
export function exactnessSql(exactText: string): SQL {
  if (exactText === '') return sql`0::float8`;
  const domain = exactText.replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
  return sql`(case
    when s.domain = ${domain} then 1.0
    when s.domain_label = ${exactText} and split_part(s.domain, '.', 1) = s.domain_label then 0.95
    when lower(s.title) = ${exactText} then 0.9
    when s.domain_label = ${exactText} then 0.8
    else 0 end)::float8`;
}

/** Candidates that are exact name matches whatever their static rank (see exactnessSql). */
export function exactCandidateSql(exactText: string): SQL | undefined {
  if (exactText === '') return undefined;
  const domain = exactText.replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
  return sql`(s.domain = ${domain} or s.domain_label = ${exactText} or lower(s.title) = ${exactText})`;
}

/** The v1 score of the row aliased `s` for the tsquery `query`. */
export function scoreSql(query: SQL, exactText: string): SQL {
  const w = RANKING_WEIGHTS;
  return sql`((${sql.raw(String(w.exact))} * ${exactnessSql(exactText)}
      + ${sql.raw(String(w.allInTitle))} * (case when ts_filter(s.search_vector, '{a}') @@ ${query} then 1 else 0 end)
      + ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], s.search_vector, ${query}, 32))
    * (${sql.raw(String(w.qualityFloor))} + ${sql.raw(String(w.qualitySpan))} * s.static_rank))`;
}
