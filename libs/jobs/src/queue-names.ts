// The application's queues: names shared by producers and processors, and the job types of
// each, so that a processor receives exactly its payload type.
import type { SiteCrawledV1 } from '@frenly/contracts';
import type { JobSpec } from './job-queue.port.js';

export const QueueNames = {
  /** Analyse one site (analysis service). De-duplicate with stableJobId('analyze', url). */
  siteAnalysis: 'site-analysis',
  /** Visit an analysed site in a real browser and enrich its stored report (analysis service). */
  siteBrowserAnalysis: 'site-browser-analysis',
  /** Fetch and index one site (search service's crawler). */
  siteCrawl: 'site-crawl',
  /** Score a stored analysis again from its snapshot under a newer scoring version (analysis service). */
  analysisRescore: 'analysis-rescore',
} as const;

export type FrenlyQueueName = (typeof QueueNames)[keyof typeof QueueNames];

export interface SiteAnalysisJobPayload {
  url: string;
  /** 'on-demand': a user is waiting; 'background': the catalogue filler. */
  trigger: 'on-demand' | 'background';
  /** X-Request-Id of the request that asked (on-demand): the job's logs and event carry it. */
  requestId?: string;
  /**
   * The page as the crawler already fetched it (search.site-crawled): analysed from this, never
   * fetched again. Background jobs only.
   */
  crawled?: CrawledPageSnapshot;
}

/** A fetched page carried to the HTML tier: the search.site-crawled event less its URL (the job's own). */
export type CrawledPageSnapshot = Omit<SiteCrawledV1, 'url'>;

/** Results stay small (they sit in Redis): the analysis itself is stored by its service. */
export interface SiteAnalysisJobResult {
  analysisId: string;
}

export interface SiteBrowserAnalysisJobPayload {
  /** The stored analysis (HTML tier) whose report the browser tier enriches. */
  analysisId: string;
  url: string;
  requestId?: string;
}

export interface SiteBrowserAnalysisJobResult {
  analysisId: string;
  /** What became of the report's browser part ('skipped': it was not pending any more). */
  state: 'done' | 'failed' | 'unavailable' | 'skipped';
}

export interface SiteCrawlJobPayload {
  url: string;
  /** Why it was queued: a search showed it without insights, the frontier's schedule, a user's submission. */
  reason?: 'demand' | 'background' | 'submission';
}

export interface SiteCrawlJobResult {
  siteId: string;
}

export interface AnalysisRescoreJobPayload {
  /** The stored analysis to score again (its snapshot holds what the scorer reads). */
  analysisId: string;
  url: string;
}

export interface AnalysisRescoreJobResult {
  analysisId: string;
  /** 'rescored': stored and announced; otherwise why nothing changed. */
  outcome: 'rescored' | 'current' | 'no-snapshot' | 'skipped';
}

export interface FrenlyJobQueues {
  [QueueNames.siteAnalysis]: JobSpec<SiteAnalysisJobPayload, SiteAnalysisJobResult>;
  [QueueNames.siteBrowserAnalysis]: JobSpec<
    SiteBrowserAnalysisJobPayload,
    SiteBrowserAnalysisJobResult
  >;
  [QueueNames.siteCrawl]: JobSpec<SiteCrawlJobPayload, SiteCrawlJobResult>;
  [QueueNames.analysisRescore]: JobSpec<AnalysisRescoreJobPayload, AnalysisRescoreJobResult>;
}
