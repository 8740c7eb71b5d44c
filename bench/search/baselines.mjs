// Two naive ways to answer the same queries, run directly in SQL on the same data, each
// returning what the API returns (the top 10 and the number of matches), one query at a time,
// under a statement timeout so that a baseline cannot run away:
//   ilike:       every positive word or phrase as ILIKE '%text%' on title or description
//                (exclusions as NOT, OR as OR), top 10 by the precomputed static rank;
//   ts_rank_cd:  websearch_to_tsquery over the weighted whole-document vector (search.site_bodies,
//                its GIN index in two halves by id parity, read at once), every match ranked by
//                ts_rank_cd, top 10 (with their titles).
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Words, "phrases", -exclusions and OR, as web search engines read them (simplified). */
export function parseForIlike(q) {
  const tokens = q.match(/-?"[^"]*"|\S+/g) ?? [];
  const groups = [];
  let joinNext = false;
  for (const token of tokens) {
    if (token === 'OR') {
      joinNext = groups.length > 0;
      continue;
    }
    const negated = token.startsWith('-') && token.length > 1;
    const text = token.replace(/^-/, '').replace(/"/g, '').toLowerCase().trim();
    if (!text) continue;
    const atom = { text, negated };
    if (joinNext && !negated) groups[groups.length - 1].push(atom);
    else groups.push([atom]);
    joinNext = false;
  }
  return groups;
}

function ilikeSql(q) {
  const params = [];
  const like = (text) => {
    params.push(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return `(title ilike $${params.length} or description ilike $${params.length})`;
  };
  const conditions = parseForIlike(q).map((group) =>
    group.length === 1 && group[0].negated
      ? `not ${like(group[0].text)}`
      : `(${group.map((atom) => like(atom.text)).join(' or ')})`,
  );
  return {
    text: `select id, title, count(*) over () as total from search.sites where ${conditions.join(' and ') || 'false'} order by static_rank desc, id limit 10`,
    params,
  };
}

function rankSql(q) {
  return {
    text: `select t.id, s.title, t.total from (
        select b.id, count(*) over () as total, ts_rank_cd(b.search_vector, query) as rank
        from search.site_bodies b, websearch_to_tsquery('english', $1) as query
        where (b.search_vector @@ query and b.id % 2 = 0) or (b.search_vector @@ query and b.id % 2 = 1)
        order by rank desc, b.id limit 10) t
      join search.sites s on s.id = t.id order by t.rank desc, t.id`,
    params: [q],
  };
}

export const BASELINES = { ilike: ilikeSql, ts_rank_cd: rankSql };

/** Runs one baseline over the queries; a query past the timeout is recorded as timedOut. */
export async function runBaseline(url, name, queries, { timeoutMs }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const records = [];
  try {
    await client.query(`set statement_timeout = ${Number(timeoutMs)}`);
    for (const { kind, q } of queries) {
      const { text, params } = BASELINES[name](q);
      const t = performance.now();
      try {
        const result = await client.query(text, params);
        records.push({
          kind,
          q,
          ms: performance.now() - t,
          total: Number(result.rows[0]?.total ?? 0),
        });
      } catch (error) {
        if (error.code !== '57014') throw error; // query_canceled (statement timeout)
        records.push({ kind, q, ms: performance.now() - t, timedOut: true });
      }
    }
  } finally {
    await client.end();
  }
  return records;
}
