import type { SiteDto, UxScore } from './site.js';
import type { StakeDto } from './stake.js';
import { MAX_URL_LENGTH } from '../urls/canonical-url.js';

export const LENS_TYPES = ['love', 'clarity', 'growth', 'trust', 'joy'] as const;
export type LensType = (typeof LENS_TYPES)[number];

/** Which engine wrote an analysis's reasoning and insights (scores are always the heuristic's). */
export type AnalysisEngine = 'heuristic' | 'llm';

/** Longest URL `POST /api/sites/analyze` accepts. */
export const ANALYZE_URL_MAX_LENGTH = MAX_URL_LENGTH;
/** Longest `content` `POST /api/sites/{id}/reframe` accepts (the spec sends "title. description"). */
export const REFRAME_CONTENT_MAX_LENGTH = 4000;

export interface AnalyzeRequest {
  url: string;
}

export interface AnalysisResponse {
  site: SiteDto;
  uxScore: UxScore;
  recentStakes: StakeDto[];
  engine?: AnalysisEngine;
  /** When the analysis ran (ISO); an answer from the cache keeps its original time. */
  analyzedAt?: string;
  /** true when the answer came from a recent analysis instead of a new fetch. */
  cached?: boolean;
  /**
   * true when the ledger could not be asked for the community figures: the site's `upvotes`,
   * `downvotes`, `totalStaked` and `recentStakes` are then not the community's (zeros, empty)
   * and its trustScore weighs no community; ask `GET /api/sites/{id}/community` for them.
   */
  communityUnavailable?: boolean;
}

export interface ReframeRequest {
  lensType: LensType;
  content: string;
}

export interface ReframeResponse {
  reframedContent: string;
  actionableAdvice?: string;
  engine?: AnalysisEngine;
  /** The model's name when `engine` is `llm`. */
  model?: string;
}

/** The `code` of the analysis service's error answers (the `message` says what is wrong in words). */
export const AnalysisErrorCodes = {
  /** Not a usable http(s) URL (400). */
  InvalidUrl: 'INVALID_URL',
  /** The URL (or a redirect, or its DNS answer) points at an address Frenly never fetches (400). */
  UrlNotAllowed: 'URL_NOT_ALLOWED',
  /** The page is larger than the fetch cap (422). */
  PageTooLarge: 'PAGE_TOO_LARGE',
  /** The answer is not an HTML page (422). */
  NotHtml: 'NOT_HTML',
  /** The site could not be reached or answered with an error status (502). */
  SiteUnreachable: 'SITE_UNREACHABLE',
  /** The site was too slow to answer (504). */
  SiteTimeout: 'SITE_TIMEOUT',
  /** No result within the request's wait bound; the analysis continues (504). */
  AnalysisTimeout: 'ANALYSIS_TIMEOUT',
  /** Analysed, but the catalogue has not given the site an id yet; retry shortly (503). */
  SiteNotIndexed: 'SITE_NOT_INDEXED',
  /** A site id the analysis service does not know (404). */
  SiteNotFound: 'SITE_NOT_FOUND',
  /** Not an analysis id (a UUID) (400). */
  InvalidAnalysisId: 'INVALID_ANALYSIS_ID',
  /** No such analysis, or it has no screenshot (404). */
  AnalysisNotFound: 'ANALYSIS_NOT_FOUND',
  /** The user already has as many analyses in progress as one user may have (429). */
  TooManyAnalyses: 'TOO_MANY_ANALYSES',
} as const;
export type AnalysisErrorCode = (typeof AnalysisErrorCodes)[keyof typeof AnalysisErrorCodes];
