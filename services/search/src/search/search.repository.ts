import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { AnalysisData, TrustScore } from '@frenly/contracts';
import type { CrawlRootStatus, Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import type { CrawlRootState } from '../crawler/crawl-demand.js';
import { exactDomainOf, RANKING_WEIGHTS } from '../ranking/ranking.sql.js';
import { matchedSnippet } from './snippet.js';
import type { SnippetSegment } from '@frenly/contracts';
import { SearchStatements } from './search-statements.js';

/**
 * A result row as the search query returns it (what SearchResultDto is made of): a page (its
 * url, title, description, snippet) with its site's id, votes, stakes and analysis.
 */
export interface SearchHit {
  /** The site's id (the page's own row when the page is the site). */
  id: number;
  /** The site's url: what is crawled and analysed on demand. */
  siteUrl: string;
  /** The page's own catalogue row. */
  pageId: number;
  url: string;
  domain: string;
  title: string;
  description: string;
  snippet: SnippetSegment[];
  /** The cap per site left out a page of this site that matched: "More from this site" shows it. */
  moreFromSite: boolean;
  frenlinessScore: number | null;
  /** As the analysis fixed it (what the static rank weighs); results show siteTrustScore's. */
  analysedTrustScore: TrustScore | null;
  isVerified: boolean;
  isClaimed: boolean;
  upvotes: number;
  downvotes: number;
  totalStaked: number;
  /** Bamboo staked on the site as support and as concern (what trust weighs of the stakes). */
  supportTotal: number;
  concernTotal: number;
  analysisData: AnalysisData | null;
  indexedAt: Date;
  analyzedAt: Date | null;
  score: number;
  /** The site's crawl root as the search read it; null when the site was never queued. */
  crawlRoot: CrawlRootState | null;
}

export interface RankedSearch {
  /** The tsquery to match (see tsquerySql). */
  query: SQL;
  /** A superset of `query` the GIN index answers without rechecking rows (see indexOnlyTsquerySql). */
  indexOnlyQuery: SQL;
  /** What the score weighs instead of `query` (a corrected query: the correction, not the widened match). */
  scoreQuery?: SQL;
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
  /** Matches on this share of a million documents or more are walked (SearchSettings.ranking). */
  walkAboveShare: number;
  /** Only the pages of this domain, all of them (site:); '' for the whole index. */
  siteDomain: string;
}

export interface RankedPage {
  hits: SearchHit[];
  /** The planner's estimate of the whole-document matches (for "About N results"). */
  estimate: number;
  /** Candidates ranked. */
  candidates: number;
  /** Of them, the full matches (every word); the rest are partial matches. */
  fullMatches: number;
  /** Every match was seen (page text searched, window not full, scan not capped): `candidates` is the number of matches. */
  complete: boolean;
}

interface SiteRow {
  id: number;
  site_url: string;
  page_id: number;
  url: string;
  snippet: string;
  more_from_site: boolean;
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
  support_total: number | string;
  concern_total: number | string;
  analysis_data: AnalysisData | string | null;
  indexed_at: Date | string;
  analyzed_at: Date | string | null;
  score: number | string;
  crawl_status: CrawlRootStatus | null;
  crawl_error: string | null;
  crawl_next_at: Date | string | null;
  crawl_last_at: Date | string | null;
}

/** What search.ranked_page answers. */
interface RankedPageRow {
  hits: SiteRow[];
  candidates: number;
  full: number;
  complete: boolean;
  estimate: number;
}

/**
 * The ranked full-text query, bounded so that its cost does not grow with the number of
 * matches (docs/search-ranking.md, section 4), in ONE statement, search.ranked_page
 * (ranking.sql): the head tier (the best static ranks among sites whose title, domain,
 * description or tags match, from the narrow search.site_heads: walked in rank order for a
 * common word, read through its GIN index for a rare one), the page-text tier when the head
 * tier finds too few (search.site_bodies, in table order, bounded), the exact name matches, the
 * score (query formula v4), the result order (at most two pages of a site), and the page's
 * rows: each page with its highlighted snippet and its site's insights and crawl root. It runs
 * on SearchStatements, whose connections carry the statement timeout: one round trip, the
 * query text bound as parameters (a search used to be 6 to 9 statements in a transaction, a
 * corrected typo 16 to 24, and on a loaded machine every round trip waits for both processes
 * to be scheduled: docs/search-scaling.md, section 2).
 */
@Injectable()
export class SearchRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly statements: SearchStatements,
  ) {}

  /** How many sites use each of these words, for the words the lexicon knows (absent: unknown). */
  async lexiconSites(words: readonly string[]): Promise<Map<string, number>> {
    if (words.length === 0) return new Map();
    const result = await this.db.execute<{ word: string; sites: number }>(
      sql`select word, sites from search.lexicon where word in (select value from json_array_elements_text(${JSON.stringify(words)}::json))`,
    );
    return new Map(result.rows.map((row) => [row.word, Number(row.sites)]));
  }

  async rankedPage(request: RankedSearch): Promise<RankedPage> {
    const options = {
      unpredictable: request.unpredictable,
      rechecks: request.rechecks,
      hasExclusions: request.hasExclusions,
      exactText: request.exactText,
      exactDomain: exactDomainOf(request.exactText),
      offset: request.offset,
      limit: request.limit,
      candidateLimit: request.candidateLimit,
      bodyTierBelow: request.bodyTierBelow,
      bodyScanLimit: request.bodyScanLimit,
      walkAboveShare: request.walkAboveShare,
      perSite: RANKING_WEIGHTS.perSite,
      siteDomain: request.siteDomain,
    };
    const rankedPage = request.scoreQuery
      ? sql`search.ranked_page(${request.query}, ${request.indexOnlyQuery}, ${JSON.stringify(options)}::jsonb || jsonb_build_object('scoreQuery', (${request.scoreQuery})::text))`
      : sql`search.ranked_page(${request.query}, ${request.indexOnlyQuery}, ${JSON.stringify(options)}::jsonb)`;
    const [row] = await this.statements.rows<{ page: RankedPageRow | string }>(
      sql`select ${rankedPage} as page`,
    );
    const page = parsed<RankedPageRow>(row?.page);
    return {
      hits: page.hits.map(toHit),
      estimate: Number(page.estimate),
      candidates: Number(page.candidates),
      fullMatches: Number(page.full ?? page.candidates),
      complete: page.complete,
    };
  }
}

/** A json column: parsed by the driver (node-postgres) or as text (PGlite). */
function parsed<T>(value: T | string | undefined): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
}

function toHit(row: SiteRow): SearchHit {
  return {
    id: Number(row.id),
    siteUrl: row.site_url,
    pageId: Number(row.page_id),
    url: row.url,
    snippet: matchedSnippet(row.snippet),
    moreFromSite: row.more_from_site === true,
    domain: row.domain,
    title: row.title,
    description: row.description,
    frenlinessScore: row.frenliness_score,
    analysedTrustScore: row.trust_score,
    isVerified: row.is_verified,
    isClaimed: row.is_claimed,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    totalStaked: row.total_staked,
    supportTotal: Number(row.support_total),
    concernTotal: Number(row.concern_total),
    analysisData: parsed<AnalysisData | null>(row.analysis_data),
    indexedAt: new Date(row.indexed_at),
    analyzedAt: row.analyzed_at === null ? null : new Date(row.analyzed_at),
    score: Number(row.score),
    crawlRoot:
      row.crawl_status === null
        ? null
        : {
            status: row.crawl_status,
            lastError: row.crawl_error ?? null,
            nextCrawlAt: row.crawl_next_at === null ? null : new Date(row.crawl_next_at),
            lastCrawledAt: row.crawl_last_at === null ? null : new Date(row.crawl_last_at),
          },
  };
}
