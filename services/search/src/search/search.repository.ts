import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { AnalysisData, TrustScore } from '@frenly/contracts';
import type { Database, Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { exactCandidateSql, RANKING_WEIGHTS, scoreSql } from '../ranking/ranking.sql.js';

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
  /** Matches the planner cannot estimate (phrases, prefixes): read them through the index, never by walking the ranks. */
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
  /** Candidates ranked. */
  candidates: number;
  /** Every match was seen (page text searched, window not full, scan not capped): `candidates` is the number of matches. */
  complete: boolean;
}

// Exact name matches join the candidates even when their static rank would leave them out.
const EXACT_CANDIDATES = 20;

interface HitRow {
  total: number | string;
  id: number | null;
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
  score: number | string;
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
 *    alone; only the page of results reads the catalogue rows.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async rankedPage(request: RankedSearch): Promise<RankedPage> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(request.statementTimeoutMs)}, true), set_config('jit', 'off', true)`);
      const head = await this.headCandidates(tx, request);
      const searchedBody = head.length < request.bodyTierBelow;
      const body = searchedBody ? await this.bodyCandidates(tx, request) : undefined;
      const candidates = body ? [...new Set([...head, ...body.ids])] : head;
      const page = await this.scoredPage(tx, request, candidates);
      const complete = body !== undefined && body.scanned < request.bodyScanLimit && page.candidates < request.candidateLimit;
      return { ...page, complete };
    });
  }

  /** Head matches, best static rank first (with exclusions, also checked against the page text). */
  private async headCandidates(tx: Transaction, request: RankedSearch): Promise<number[]> {
    const { query } = request;
    // A misjudged rare phrase would walk every rank: read such matches through the index.
    if (request.unpredictable) await tx.execute(sql`select set_config('enable_indexscan', 'off', true)`);
    const result = await tx.execute<{ id: number }>(sql`
      select h.id from search.site_heads h
      where h.head_vector @@ ${query}
      order by h.static_rank desc, h.id
      limit ${request.candidateLimit}`);
    if (request.unpredictable) await tx.execute(sql`select set_config('enable_indexscan', 'on', true)`);
    const ids = result.rows.map((row) => Number(row.id));
    if (!request.hasExclusions || ids.length === 0) return ids;
    // An excluded word may be in the page text: the whole document must match too.
    const kept = await tx.execute<{ id: number }>(sql`
      select b.id from search.site_bodies b
      where b.id = any(${idArray(ids)}::int[]) and b.search_vector @@ ${query}`);
    const keep = new Set(kept.rows.map((row) => Number(row.id)));
    return ids.filter((id) => keep.has(id));
  }

  /**
   * Whole-document matches: at most `bodyScanLimit` read through the GIN index (phrases
   * rechecked on those only), the `candidateLimit` best static ranks among them.
   */
  private async bodyCandidates(tx: Transaction, request: RankedSearch): Promise<{ ids: number[]; scanned: number }> {
    await tx.execute(sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`);
    const result = await tx.execute<{ scanned: number | string; ids: number[] | string | null }>(sql`
      with pool as materialized (
        select b.id, b.static_rank, ${request.rechecks ? sql`b.search_vector @@ ${request.query}` : sql`true`} as hit
        from search.site_bodies b
        where b.search_vector @@ ${request.indexOnlyQuery}
        limit ${request.bodyScanLimit}
      )
      select (select count(*) from pool) as scanned,
        (select array_agg(id order by static_rank desc, id) from
          (select id, static_rank from pool where hit order by static_rank desc, id limit ${request.candidateLimit}) best) as ids`);
    await tx.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true)`);
    const row = result.rows[0];
    return { scanned: Number(row?.scanned ?? 0), ids: parseIdArray(row?.ids ?? null) };
  }

  /** The exact score over the candidates and the exact name matches, then the requested page. */
  private async scoredPage(tx: Transaction, request: RankedSearch, candidates: readonly number[]): Promise<Omit<RankedPage, 'complete'>> {
    const { query, exactText } = request;
    const exact = exactCandidateSql(exactText);
    const result = await tx.execute<HitRow & Record<string, unknown>>(sql`
      with candidates as (
        select unnest(${idArray(candidates)}::int[]) as id
        ${
          exact
            ? sql`union (select h.id from search.site_heads h join search.site_bodies b on b.id = h.id
                where ${exact} and (numnode(${query}) = 0 or b.search_vector @@ ${query}) limit ${EXACT_CANDIDATES})`
            : sql``
        }
      ),
      scored as (
        select h.id, h.domain, ${scoreSql(query, exactText)} as score
        from candidates c join search.site_heads h on h.id = c.id
      ),
      ranked as (
        select id, score, row_number() over (partition by domain order by score desc, id) as domain_rank
        from scored
      )
      select t.total, p.* from (select count(*)::int as total from ranked) t
      left join lateral (
        select s.id, s.url, s.domain, s.title, s.description, s.frenliness_score, s.trust_score, s.is_verified,
               s.is_claimed, s.upvotes, s.downvotes, s.total_staked, s.analysis_data, s.indexed_at, s.analyzed_at, r.score
        from ranked r join search.sites s on s.id = r.id
        order by (r.domain_rank <= ${RANKING_WEIGHTS.perDomain}) desc, r.score desc, r.id
        limit ${request.limit} offset ${request.offset}
      ) p on true`);
    const rows = result.rows;
    return { candidates: Number(rows[0]?.total ?? 0), hits: rows.filter((row) => row.id !== null).map(toHit) };
  }

  /** The planner's estimate of how many sites match (for "About N results" on very common queries). */
  async estimateMatches(query: SQL): Promise<number> {
    const result = await this.db.execute<Record<string, unknown>>(sql`explain (format json) select 1 from search.site_bodies where search_vector @@ ${query}`);
    const plan = readPlan(result.rows[0]);
    return Math.max(0, Math.round(Number(plan?.['Plan Rows'] ?? 0)));
  }
}

/** An int[] literal of ids (numbers only, so nothing else can reach the SQL text). */
function idArray(ids: readonly number[]): string {
  return `{${ids.map((id) => String(Math.trunc(id))).join(',')}}`;
}

function parseIdArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}

function readPlan(row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const raw = row?.['QUERY PLAN'];
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return Array.isArray(parsed) ? ((parsed[0] as { Plan?: Record<string, unknown> } | undefined)?.Plan ?? undefined) : undefined;
}

function toHit(row: HitRow): SearchHit {
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
    score: Number(row.score),
  };
}
