import type { DomainFacts, ResultInsightState, WebReachability } from './search-insights.js';
import type { SiteDto } from './site.js';

/** Bounds of GET /api/search (the server answers 400 with a message outside them). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 10;

/** Query string of GET /api/search: `q` is trimmed and must not be blank; `page` is 1-based. */
export interface SearchRequest {
  /**
   * The query (trimmed; 1 to SEARCH_QUERY_MAX_LENGTH characters).
   * @minLength 1
   * @maxLength 200
   */
  q: string;
  /**
   * 1-based page (default 1).
   * @asType integer
   * @minimum 1
   * @maximum 1000
   */
  page?: number;
  /**
   * Results per page (default SEARCH_LIMIT_DEFAULT, at most SEARCH_LIMIT_MAX).
   * @asType integer
   * @minimum 1
   * @maximum 50
   */
  limit?: number;
}

/**
 * A piece of a result's snippet: plain text, or (`match`) a word the query matched, which the
 * page shows highlighted. Text only, never markup: a client renders each piece as text.
 */
export interface SnippetSegment {
  text: string;
  match: boolean;
}

/**
 * One result: a page, with the spec's fields. `url`, `title`, `description` and `snippet` are
 * the page's (a homepage or an inner page the crawler found); `id`, the votes, stakes,
 * Frenliness, trust, analysis, `insight` and `domainFacts` are its site's, so votes, stakes
 * and analysis always address the site. At most two pages of one site are listed; `siteQuery`
 * lists the rest.
 */
export interface SearchResultDto extends SiteDto {
  /** The site's own address (its homepage or the address it was seeded or submitted with). */
  siteUrl: string;
  /**
   * The page's description and text around the query's words (15 to 35 words; a source of 35
   * words or fewer is shown whole), split into segments; the matched words are `match` segments. Empty when neither holds a word of the
   * query (it matched the title or URL only): show `description` instead.
   */
  snippet: SnippetSegment[];
  /**
   * "More from this site": the query restricted to this result's site (`site:<domain> <query>`),
   * to send as `q`.
   */
  siteQuery: string;
  /**
   * Whether `siteQuery` lists more than this page shows: the cap of two pages per site left out
   * another page of this site that matched. The client offers "More from this site" only then.
   */
  moreFromSite: boolean;
  /** When the page was last indexed (ISO 8601). */
  indexedAt: string;
  /** ISO 8601; null until the site has been analysed. */
  analyzedAt: string | null;
  /** Where this site's insights stand (search-insights.ts); `analysed` when analyzedAt is set. */
  insight: ResultInsightState;
  /** What shipped public data says about the domain, with its source (for cards without insights too). */
  domainFacts: DomainFacts;
}

/**
 * Body of GET /api/search. `results` is the spec's "list of sites" for the page asked for;
 * `total` feeds "About N results". An object rather than a bare array (the spec only says the
 * screen reads a list) so the total, the page and a spelling correction travel with the
 * results without header plumbing in the frontend; the total is also sent as `X-Total-Count`.
 */
export interface SearchResponse {
  /** The query as run (trimmed). */
  query: string;
  results: SearchResultDto[];
  /** Number of matching sites; an estimate when `totalIsEstimate` (very common queries). */
  total: number;
  totalIsEstimate: boolean;
  page: number;
  limit: number;
  /**
   * Set when nothing matched the query as typed and misspelt or partial words were
   * corrected ("wikipeda" -> "wikipedia"): the results are for this query instead.
   */
  correctedQuery: string | null;
  /**
   * Whether this installation's crawler can reach the web: 'unreachable' means results without
   * insights will not get them until it can ("Frenly cannot reach the web from here").
   */
  web: WebReachability;
}

/** Body of GET /api/search/trending: normalised queries, hottest first; empty when none trend. */
export type TrendingResponse = string[];

/** POST /api/search/submit (signed in): a site to crawl; it becomes searchable once crawled. */
export interface SiteSubmitRequest {
  url: string;
}

/** 202 answer to a submission. */
export interface SiteSubmitResponse {
  /** The canonical form of the submitted URL, which the crawler starts from. */
  url: string;
  status: 'queued';
}

/** Header carrying the total of GET /api/search (also in the body). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
