import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { AnalysisData, TrustScore } from '@frenly/contracts';
import type { Database, Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { exactCandidateSql, RANKING_WEIGHTS, scoreSql } from '../ranking/ranking.sql.js';
import { orderResults, type ScoredCandidate } from '../ranking/result-order.js';
import { ORDERED_THROUGH_KEY } from '../sites/search-index.repository.js';

/** A result row as the search query returns it (what SearchResultDto is made of). */
export interface SearchHit {
  id: number;
  url: string;
  domain: string;
  title: string;
  description: string;
  frenlinessScore: number | null;
  trustScore: TrustScore | null;
  isVerified: boolean;
  isClaimed: boolean;
  upvotes: number;
  downvotes: number;
  totalStaked: number;
  analysisData: AnalysisData | null;
  indexedAt: Date;
  analyzedAt: Date | null;
  score: number;
}

export interface RankedSearch {
  /** The tsquery to match (see tsquerySql). */
  query: SQL;
  /** A superset of `query` the GIN index answers without rechecking rows (see indexOnlyTsquerySql). */
  indexOnlyQuery: SQL;
  /** `query` differs from `indexOnlyQuery` (it holds phrases): page-text matches are checked row by row. */
  rechecks: boolean;
  /** Matches the planner overestimates (phrases): read them through the index, never by walking the ranks. */
  unpredictable: boolean;
  /** What an exact domain or title match equals ('' for none; see exactMatchText). */
  exactText: string;
  offset: number;
  limit: number;
  /** How many matches, best static rank first, the exact ranking looks at. */
  candidateLimit: number;
  /** The query excludes words: a head-vector match must be checked against the whole document too. */
  hasExclusions: boolean;
  /** Below this many head matches (title, domain, description, tags), page text is searched too. */
  bodyTierBelow: number;
  /** The page-text tier reads at most this many matching sites. */
  bodyScanLimit: number;
  /** Each statement is cancelled after this long (PostgreSQL; PGlite has no statement timeout). */
  statementTimeoutMs: number;
}

export interface RankedPage {
  hits: SearchHit[];
  /** The planner's estimate of the whole-document matches (for "About N results"). */
  estimate: number;
  /** Candidates ranked. */
  candidates: number;
  /** Every match was seen (page text searched, window not full, scan not capped): `candidates` is the number of matches. */
  complete: boolean;
}

// Exact name matches join the candidates even when their static rank would leave them out.
const EXACT_CANDIDATES = 20;
// Matches on this share of the sites or more are found by walking the ranks (see rankedPage).
const WALK_ABOVE_SHARE = 0.02;
// How many of the best-ranked sites the page-text tier reads through when it walks.
const BODY_WALK_ROWS = 10_000;

interface SiteRow {
  id: number;
  url: string;
  domain: string;
  title: string;
  description: string;
  frenliness_score: number | null;
  trust_score: TrustScore | null;
  is_verified: boolean;
  is_claimed: boolean;
  upvotes: number;
  downvotes: number;
  total_staked: number;
  analysis_data: AnalysisData | string | null;
  indexed_at: Date | string;
  analyzed_at: Date | string | null;
}

/**
 * The ranked full-text query, in three bounded steps so that the cost does not grow with the
 * number of matches (docs/search-ranking.md, section 4), in one transaction whose statements
 * PostgreSQL cancels after `statementTimeoutMs`:
 * 1. head tier: the `candidateLimit` best static ranks among sites whose head vector (title,
 *    domain, description, tags) matches, read from the narrow search.site_heads (walked in
 *    rank order for a common word, through its GIN index for a rare one);
 * 2. page-text tier, only when the head tier found fewer than `bodyTierBelow`: matches of
 *    the whole document (search.site_bodies) through its GIN index (never a walk of the
 *    ranks, whose cost has no bound when the planner misjudges a rare phrase), at most
 *    `bodyScanLimit` of them read in table order (static-rank order after a bulk load), the
 *    best static ranks among them;
 * 3. the exact score over those candidates and the exact name matches, from the narrow rows
 *    alone (read once: the rows found are the rows scored), the result order (orderResults),
 *    and the catalogue rows of the requested page only.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async rankedPage(asked: RankedSearch): Promise<RankedPage> {
    return this.db.transaction(async (tx) => {
      // Bitmaps by default: no plan reads a relation through. In the index relations' table
      // order (static-rank order, see SearchIndexRepository), the first matches a bitmap reads
      // are the best-ranked ones.
      const settings = await tx.execute<{
        tree: string;
        query: string;
        index_query: string;
        ordered_through: string | null;
        heads: number | string;
        bodies: number | string;
        body_pages: number | string;
      }>(sql`
        select set_config('statement_timeout', ${String(asked.statementTimeoutMs)}, true), set_config('jit', 'off', true),
          ${asked.query}::text as query, ${asked.indexOnlyQuery}::text as index_query,
          set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
          set_config('max_parallel_workers_per_gather', '0', true),
          querytree(${asked.query}) as tree,
          (select value from search.settings where key = ${ORDERED_THROUGH_KEY}) as ordered_through,
          (select reltuples from pg_class where oid = 'search.site_heads'::regclass) as heads,
          (select reltuples from pg_class where oid = 'search.site_bodies'::regclass) as bodies,
          (select relpages from pg_class where oid = 'search.site_bodies'::regclass) as body_pages`);
      // "over -grammar" is exclusions alone once the stop word is gone: it matches nothing.
      const tree = settings.rows[0]?.tree ?? '';
      if (tree === 'T') return { hits: [], candidates: 0, complete: true, estimate: 0 };
      const orderedThrough = Number(settings.rows[0]?.ordered_through ?? 0);
      // The tsqueries as constants from here on: parsed once, not once per row a filter checks.
      const request: RankedSearch = {
        ...asked,
        query: sql`${settings.rows[0]?.query ?? ''}::tsquery`,
        indexOnlyQuery: sql`${settings.rows[0]?.index_query ?? ''}::tsquery`,
      };
      // Stop words alone ("who") can still name a site exactly (who.int): exact matches only.
      if (tree === '') return { ...(await this.scoredPage(tx, request, (await this.headCandidates(tx, request, 0, 'exact only')).scored)), complete: true, estimate: 0 };
      const estimate = await this.estimate(tx, request);
      // A word on 2 % of the heads or more: walking the ranks (hot, shared pages) finds the best
      // ones within some ten thousand narrow rows, where a bitmap would decode every match first
      // (measured at 1M sites: 3–9 ms against 11–37 ms). Phrases, which the planner estimates as
      // all of their words (far more matches than the phrase has), are never walked. A
      // catalogue never analysed (reltuples -1) is walked.
      const walk = !request.unpredictable && estimate.heads >= WALK_ABOVE_SHARE * Number(settings.rows[0]?.heads ?? 0);
      if (walk) await tx.execute(sql`select set_config('enable_indexscan', 'on', true)`);
      const head = await this.headCandidates(tx, request, orderedThrough, walk ? 'walk' : 'bitmap');
      if (head.matches >= request.bodyTierBelow) return { ...(await this.scoredPage(tx, request, head.scored)), complete: false, estimate: estimate.bodies };
      // Whole-document matches on 2 % of the sites or more (a phrase of common words, say): the
      // first BODY_WALK_ROWS sites in table order (the best-ranked) are read through, instead
      // of decoding every match's entry in the GIN index (50–90 ms at 1M sites).
      const bodies = Math.max(0, Number(settings.rows[0]?.bodies ?? 0));
      const bodyWalkPages = bodies > 0 && estimate.bodies >= WALK_ABOVE_SHARE * bodies
        ? Math.max(1, Math.ceil((BODY_WALK_ROWS * Number(settings.rows[0]?.body_pages ?? 0)) / bodies))
        : undefined;
      if (walk || bodyWalkPages) {
        await tx.execute(sql`select set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', ${bodyWalkPages ? 'off' : 'on'}, true)`);
      }
      const body = await this.bodyCandidates(tx, request, bodyWalkPages);
      const page = await this.scoredPage(tx, request, [...head.scored, ...body.scored]);
      return { ...page, complete: body.complete && page.candidates < request.candidateLimit, estimate: estimate.bodies };
    });
  }

  /** The planner's estimates of the head matches and of the whole-document matches (no scan). */
  private async estimate(tx: Transaction, request: RankedSearch): Promise<{ heads: number; bodies: number }> {
    const result = await tx.execute<Record<string, unknown>>(sql`
      explain (format json) select
        (select count(*) from search.site_heads h where h.head_vector @@ ${request.indexOnlyQuery}),
        (select count(*) from search.site_bodies b where b.search_vector @@ ${request.query})`);
    const rows = { site_heads: 0, site_bodies: 0 };
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const plan = node as { 'Relation Name'?: string; 'Plan Rows'?: number; Plans?: unknown[] };
      if (plan['Relation Name'] === 'site_heads' || plan['Relation Name'] === 'site_bodies') rows[plan['Relation Name']] = Number(plan['Plan Rows'] ?? 0);
      plan.Plans?.forEach(visit);
    };
    visit(readPlan(result.rows[0]));
    return { heads: rows.site_heads, bodies: rows.site_bodies };
  }

  /** The page of results from the scored candidates: the result order, then the catalogue rows of the page only. */
  private async scoredPage(tx: Transaction, request: RankedSearch, candidates: readonly ScoredCandidate[]): Promise<Omit<RankedPage, 'complete' | 'estimate'>> {
    const ordered = orderResults(candidates, RANKING_WEIGHTS.perDomain);
    const page = ordered.slice(request.offset, request.offset + request.limit);
    return { hits: await this.sitesOf(tx, page), candidates: ordered.length };
  }

  /**
   * Scored head matches, the `candidateLimit` best static ranks (with exclusions, also checked
   * against the page text), and the exact name matches whatever their rank. Head matches are
   * read in table order, at most `candidateLimit` of them (phrases: that many sites holding
   * their words, rechecked as phrases), plus those added since the last ordering (ids above
   * `orderedThrough`), ranked apart. The narrow rows read to find a match are the ones scored.
   */
  private async headCandidates(
    tx: Transaction,
    request: RankedSearch,
    orderedThrough: number,
    mode: 'walk' | 'bitmap' | 'exact only',
  ): Promise<{ scored: ScoredCandidate[]; matches: number }> {
    const { query, exactText, candidateLimit } = request;
    const exact = exactCandidateSql(exactText);
    const columns = sql`h.id, h.static_rank, h.domain, h.domain_label, h.title_key, h.head_vector`;
    const walk = mode === 'walk';
    const ordered = walk
      ? // The ranks walked (site_heads_rank_idx: "nulls last" as there, or it cannot give this order).
        sql`select ${columns}, true as hit from search.site_heads h
          where h.head_vector @@ ${query}
          order by h.static_rank desc nulls last, h.id
          limit ${candidateLimit}`
      : sql`select ${columns}, ${request.rechecks ? sql`h.head_vector @@ ${query}` : sql`true`} as hit
          from search.site_heads h
          where ${mode === 'bitmap' ? sql`h.head_vector @@ ${request.indexOnlyQuery}` : sql`false`}
          limit ${candidateLimit}`;
    const result = await tx.execute<{ id: number; domain: string; score: number | string; head: boolean }>(sql`
      with ordered as materialized (${ordered}),
      -- Sites added since the last ordering sit at the end of the table: when the first matches
      -- filled the window before reaching them, they are looked up apart.
      tail as materialized (
        select ${columns} from search.site_heads h
        where ${mode === 'bitmap' ? sql`(select count(*) from ordered) >= ${candidateLimit} and h.head_vector @@ ${query} and h.id > ${orderedThrough}` : sql`false`}
        order by h.static_rank desc nulls last, h.id
        limit ${candidateLimit}
      ),
      head as materialized (
        select * from (
          select distinct on (id) * from (
            select id, static_rank, domain, domain_label, title_key, head_vector from ordered where hit
            union all select * from tail
          ) found order by id
        ) unique_found
        order by static_rank desc nulls last, id
        limit ${candidateLimit}
      ),
      kept as (
        select h.*, true as head from head h
        ${request.hasExclusions ? sql`where exists (select 1 from search.site_bodies b where b.id = h.id and b.search_vector @@ ${query})` : sql``}
        ${
          exact
            ? sql`union all (select ${columns}, false as head from search.site_heads h join search.site_bodies b on b.id = h.id
                where ${exact} and (numnode(${query}) = 0 or b.search_vector @@ ${query})
                limit ${EXACT_CANDIDATES})`
            : sql``
        }
      )
      select h.id, h.domain, ${scoreSql(query, exactText)} as score, h.head from kept h`);
    return { scored: result.rows.map(toScored), matches: result.rows.filter((row) => row.head).length };
  }

  /**
   * Whole-document matches read in table order (static-rank order) through the GIN index: the
   * first `candidateLimit`, the best-ranked; with a phrase, up to `bodyScanLimit` sites holding
   * its words, rechecked as a phrase, and the best-ranked phrase matches among them. Or, for
   * very common words (`walkPages`), the matches among the sites of the first `walkPages`
   * pages. Scored. Sites added since the last ordering are reached when fewer sites match
   * before them.
   */
  private async bodyCandidates(tx: Transaction, request: RankedSearch, walkPages: number | undefined): Promise<{ scored: ScoredCandidate[]; complete: boolean }> {
    const { query, exactText, candidateLimit } = request;
    const scan = request.rechecks ? Math.max(request.bodyScanLimit, candidateLimit) : candidateLimit;
    const pool = walkPages
      ? sql`select b.id, b.static_rank, true as hit from search.site_bodies b
          where b.ctid < ${`(${walkPages},0)`}::tid and b.search_vector @@ ${query}
          limit ${candidateLimit}`
      : sql`select b.id, b.static_rank, ${request.rechecks ? sql`b.search_vector @@ ${query}` : sql`true`} as hit
          from search.site_bodies b
          where b.search_vector @@ ${request.indexOnlyQuery}
          limit ${scan}`;
    const result = await tx.execute<{ scanned: number | string; scored: ScoredCandidate[] | string | null }>(sql`
      with pool as materialized (${pool}),
      body as materialized (
        select id from pool where hit order by static_rank desc nulls last, id limit ${candidateLimit}
      )
      select (select count(*) from pool) as scanned,
        (select json_agg(json_build_object('id', h.id, 'domain', h.domain, 'score', ${scoreSql(query, exactText)}))
         from search.site_heads h where h.id = any(array(select id from body))) as scored`);
    const row = result.rows[0];
    const scored = typeof row?.scored === 'string' ? (JSON.parse(row.scored) as ScoredCandidate[]) : (row?.scored ?? []);
    return { complete: !walkPages && Number(row?.scanned ?? 0) < scan, scored: scored.map(toScored) };
  }

  /** The catalogue rows of the page, in its order. */
  private async sitesOf(tx: Transaction, page: readonly ScoredCandidate[]): Promise<SearchHit[]> {
    if (page.length === 0) return [];
    const result = await tx.execute<SiteRow & Record<string, unknown>>(sql`
      select s.id, s.url, s.domain, s.title, s.description, s.frenliness_score, s.trust_score, s.is_verified,
             s.is_claimed, s.upvotes, s.downvotes, s.total_staked, s.analysis_data, s.indexed_at, s.analyzed_at
      from search.sites s where s.id = any(${idArray(page.map((candidate) => candidate.id))}::int[])`);
    const rows = new Map(result.rows.map((row) => [Number(row.id), row]));
    return page.flatMap((candidate) => {
      const row = rows.get(candidate.id);
      return row ? [toHit(row, candidate.score)] : [];
    });
  }

}

/** An int[] literal of ids (numbers only, so nothing else can reach the SQL text). */
function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => String(Math.trunc(id))).join(',')}}`;
}

function readPlan(row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const raw = row?.['QUERY PLAN'];
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(parsed) ? ((parsed[0] as { Plan?: Record<string, unknown> } | undefined)?.Plan ?? undefined) : undefined;
}

function toScored(row: { id: number | string; domain: string; score: number | string }): ScoredCandidate {
  return { id: Number(row.id), domain: row.domain, score: Number(row.score) };
}

function toHit(row: SiteRow, score: number): SearchHit {
  return {
    id: Number(row.id),
    url: row.url,
    domain: row.domain,
    title: row.title,
    description: row.description,
    frenlinessScore: row.frenliness_score,
    trustScore: row.trust_score,
    isVerified: row.is_verified,
    isClaimed: row.is_claimed,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    totalStaked: row.total_staked,
    analysisData: typeof row.analysis_data === 'string' ? (JSON.parse(row.analysis_data) as AnalysisData) : row.analysis_data,
    indexedAt: new Date(row.indexed_at),
    analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at),
    score,
  };
}
