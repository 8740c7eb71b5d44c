import { sql, type SQL } from 'drizzle-orm';
import { STATIC_RANK_VERSION } from '@frenly/db';

/** The query formula's version (docs/search-ranking.md, section 5). */
export const QUERY_FORMULA_VERSION = 2;

/**
 * Ranking formula, versioned with docs/search-ranking.md. Query formula v2:
 *   text  = 4 · exact + 2 · allInTitle + head
 *     head = ts_rank_cd(weights D0.1 C0.2 B0.4 A1.0, head_vector, normalisation 32) when the
 *            head (title, domain, description, tags) matches the query, else pageTextOnly (0.02)
 *   score = text · (0.7 + 0.6 · static_rank)
 * then at most two results per domain ahead of the rest, ties broken by id.
 * v1 ranked cover density over the whole document, page text included: reading every
 * candidate's page-text vector cost more than the whole latency budget at 1M sites.
 * `static_rank` (Frenliness, Wilson community balance, trust) is a generated column: see
 * STATIC_RANK_VERSION in @frenly/db.
 */
export const RANKING_VERSION = `${QUERY_FORMULA_VERSION}.${STATIC_RANK_VERSION}`;

export const RANKING_WEIGHTS = {
  exact: 4,
  allInTitle: 2,
  /** Text score of a site that matches only through its page text: below a head match's cover density in practice. */
  pageTextOnly: 0.02,
  qualityFloor: 0.7,
  qualitySpan: 0.6,
  /** Results of one domain shown before other domains' results are all placed. */
  perDomain: 2,
} as const;

/** The domain an exact-match query names ("https://www.Wikipedia.org/" -> wikipedia.org). */
function domainOfExactText(exactText: string): string {
  return exactText.replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
}

/**
 * How exactly the site (its search.site_heads row, aliased `h`) answers the query as a name:
 * 1 its domain, 0.95 the name part of a domain without subdomain (wikipedia -> wikipedia.org),
 * 0.9 its whole title, 0.8 the name part of a subdomain (wikipedia -> en.wikipedia.org), else 0.
 */
export function exactnessSql(exactText: string): SQL {
  if (exactText === '') return sql`0::float8`;
  return sql`(case
    when h.domain = ${domainOfExactText(exactText)} then 1.0
    when h.domain_label = ${exactText} and split_part(h.domain, '.', 1) = h.domain_label then 0.95
    when h.title_key = ${exactText} then 0.9
    when h.domain_label = ${exactText} then 0.8
    else 0 end)::float8`;
}

/** Candidates that are exact name matches whatever their static rank (see exactnessSql). */
export function exactCandidateSql(exactText: string): SQL | undefined {
  if (exactText === '') return undefined;
  return sql`(h.domain = ${domainOfExactText(exactText)} or h.domain_label = ${exactText} or h.title_key = ${exactText})`;
}

/**
 * The v2 score for the tsquery `query` of the site whose search.site_heads row is aliased
 * `h`. Reads only that narrow row: neither the catalogue row nor the page text's vector.
 */
export function scoreSql(query: SQL, exactText: string): SQL {
  const w = RANKING_WEIGHTS;
  const num = (value: number) => sql.raw(String(value));
  return sql`((${num(w.exact)} * ${exactnessSql(exactText)}
      + ${num(w.allInTitle)} * (case when ts_filter(h.head_vector, '{a}') @@ ${query} then 1 else 0 end)
      + (case when h.head_vector @@ ${query} then ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], h.head_vector, ${query}, 32) else ${num(w.pageTextOnly)} end))
    * (${num(w.qualityFloor)} + ${num(w.qualitySpan)} * h.static_rank))`;
}
