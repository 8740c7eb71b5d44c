import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { AnalysisData, TrustScore } from '@frenly/contracts';
import type { Database } from '@frenly/db';
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
}

export interface RankedPage {
  hits: SearchHit[];
  /** Candidates ranked: the number of matches when below candidateLimit and the page text was searched. */
  candidates: number;
  /** Whether page text was searched (head matches were below bodyTierBelow). */
  searchedBody: boolean;
}

// Exact name matches join the candidates even when their static rank would leave them out.
const EXACT_CANDIDATES = 20;

interface HitRow {
  total: number | string;
  head_total: number | string;
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
 * The ranked full-text query. Two stages so that the cost does not grow with the number of
 * matches (docs/search-ranking.md, section 4): (1) candidates = the `candidateLimit` matches
 * with the best precomputed static rank, first among matches of the small head vector (title,
 * domain, description, tags), and only when those are too few among matches of the whole
 * document, plus exact name matches; (2) the exact score over those candidates only.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async rankedPage(request: RankedSearch): Promise<RankedPage> {
    const { query, exactText } = request;
    const exactCandidates = exactCandidateSql(exactText);
    const result = await this.db.execute<HitRow & Record<string, unknown>>(sql`
      with head as (
        select s.id from search.sites s
        where s.head_vector @@ ${query} ${request.hasExclusions ? sql`and s.search_vector @@ ${query}` : sql``}
        order by s.static_rank desc nulls last, s.id
        limit ${request.candidateLimit}
      ),
      body as (
        select s.id from search.sites s
        where (select count(*) from head) < ${request.bodyTierBelow} and s.search_vector @@ ${query}
        order by s.static_rank desc nulls last, s.id
        limit ${request.candidateLimit}
      ),
      candidates as (
        select id from head union select id from body
        ${exactCandidates ? sql`union (select s.id from search.sites s where ${exactCandidates} and (numnode(${query}) = 0 or s.search_vector @@ ${query}) limit ${EXACT_CANDIDATES})` : sql``}
      ),
      scored as (
        select s.id, s.domain, ${scoreSql(query, exactText)} as score
        from search.sites s join candidates c on c.id = s.id
      ),
      ranked as (
        select id, score, row_number() over (partition by domain order by score desc, id) as domain_rank
        from scored
      )
      select t.total, t.head_total, p.* from (select (select count(*) from ranked)::int as total, (select count(*) from head)::int as head_total) t
      left join lateral (
        select s.id, s.url, s.domain, s.title, s.description, s.frenliness_score, s.trust_score, s.is_verified,
               s.is_claimed, s.upvotes, s.downvotes, s.total_staked, s.analysis_data, s.indexed_at, s.analyzed_at, r.score
        from ranked r join search.sites s on s.id = r.id
        order by (r.domain_rank <= ${RANKING_WEIGHTS.perDomain}) desc, r.score desc, r.id
        limit ${request.limit} offset ${request.offset}
      ) p on true`);
    const rows = result.rows;
    return {
      candidates: Number(rows[0]?.total ?? 0),
      searchedBody: Number(rows[0]?.head_total ?? 0) < request.bodyTierBelow,
      hits: rows.filter((row) => row.id !== null).map(toHit),
    };
  }

  /** The planner's estimate of how many sites match (for "About N results" on very common queries). */
  async estimateMatches(query: SQL): Promise<number> {
    const result = await this.db.execute<Record<string, unknown>>(sql`explain (format json) select 1 from search.sites where search_vector @@ ${query}`);
    const plan = readPlan(result.rows[0]);
    return Math.max(0, Math.round(Number(plan?.['Plan Rows'] ?? 0)));
  }
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
