// Which sites found by the crawler the browser tier visits: at most so many a minute across every
// analysis process (slots in the job store, Redis or memory, that expire after a minute), never
// while visits are already piling up, and never a site whose browser report is still fresh.
// The visits are queued as background work, after every visit a person asked for.
import { Inject, Injectable } from '@nestjs/common';
import { QueueNames } from '@frenly/jobs';
import { JOB_QUEUE, type FrenlyJobQueue } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { BrowserUnavailableReasons } from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { reportOf, type AnalysisRow } from './analyses.repository.js';
import { BrowserTierProvider } from './browser-tier.provider.js';

/** The rolling window of the rate: a slot taken for a site is given back a minute later. */
const WINDOW_MS = 60_000;
const BUDGET_SCOPE = 'crawled-sites-per-minute';

/**
 * Whether a stored analysis already holds (or is about to hold) a browser visit younger than the
 * cache TTL: a finished visit checked within it, or one still pending for a row within it.
 */
export function hasFreshBrowserVisit(
  row: { readonly createdAt: Date; readonly report: AnalysisReport },
  cacheTtlMs: number,
  now = Date.now(),
): boolean {
  const browser = row.report.browser;
  if (browser?.state === 'done' && browser.checkedAt !== undefined)
    return now - Date.parse(browser.checkedAt) < cacheTtlMs;
  if (browser?.state === 'pending') return now - row.createdAt.getTime() < cacheTtlMs;
  return false;
}

/**
 * Whether a stored analysis lacks a browser visit only because the crawler's budget (or its rate
 * of 0) left it out: a person who asks for the site is then owed one, where the tier runs, even
 * while the report is fresh.
 */
export function owesAPersonAVisit(row: AnalysisRow, browserAvailable: boolean): boolean {
  if (!browserAvailable || row.status !== 'completed') return false;
  const browser = reportOf(row).browser;
  const reason = browser?.state === 'unavailable' ? browser.reason : undefined;
  return (
    reason === BrowserUnavailableReasons.crawledOverBudget ||
    reason === BrowserUnavailableReasons.crawledOff
  );
}

@Injectable()
export class CrawledBrowserVisits {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly browserTier: BrowserTierProvider,
  ) {}

  /**
   * Takes a visit from the budget for this crawled site: null when the browser tier may visit it
   * now, else why it will not (worded for the reader of the report).
   */
  async reasonNotToVisit(url: string): Promise<string | null> {
    const unavailable = this.browserTier.unavailableReason;
    if (unavailable !== null) return unavailable;
    const perMinute = this.settings.crawledBrowserSitesPerMinute;
    if (perMinute === 0) return BrowserUnavailableReasons.crawledOff;
    // A minute's worth already waits (people's requests included): the pool is not keeping up,
    // and more background visits would only delay them.
    const { waiting } = await this.jobs.getCounts(QueueNames.siteBrowserAnalysis);
    if (waiting >= perMinute) return BrowserUnavailableReasons.crawledOverBudget;
    // The holder is the site: the same site crawled twice in a minute takes one slot.
    const slot = await this.jobs.acquireSlot(
      QueueNames.siteBrowserAnalysis,
      BUDGET_SCOPE,
      url,
      perMinute,
      WINDOW_MS,
    );
    return slot ? null : BrowserUnavailableReasons.crawledOverBudget;
  }
}
