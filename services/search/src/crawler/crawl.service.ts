import { Inject, Injectable, Optional } from '@nestjs/common';
import { QueueNames, stableJobId } from '@frenly/jobs';
import type { Database } from '@frenly/db';
import { checkUrl, isSafeFetchError, AllowList } from '@frenly/safe-fetch';
import {
  DATABASE,
  JOB_QUEUE,
  JsonLogger,
  MetricsService,
  type FrenlyJobQueue,
} from '@frenly/platform';
import {
  CLOCK,
  SEARCH_SETTINGS,
  type Clock,
  type SearchSettings,
} from '../config/search.settings.js';
import type { OutboxWriter } from '../events/outbox-writer.js';
import { SearchOutbox } from '../events/search-outbox.js';
import { siteIndexedEvent } from '../events/site-indexed.event.js';
import { SearchError, SearchErrorCode } from '../search.errors.js';
import { canonicalUrl, InvalidUrlError } from '@frenly/contracts';
import { SiteRepository, type CrawledPageEntry } from '../sites/site.repository.js';
import { CrawlError, CrawlErrorCode } from './crawl-error.js';
import { CrawlReachability } from './crawl-reachability.js';
import { CrawlRootRepository } from './crawl-root.repository.js';
import { siteCrawledEvent } from './site-crawled.event.js';
import { SiteCrawler, type CrawlReport, type FetchedPage } from './site-crawler.js';

export const SITE_CRAWLER = Symbol.for('frenly.search.site-crawler');

const HOUR_MS = 3_600_000;

/** 'deferred': not run, because the web is out of reach (the root is due again). */
export type CrawlOutcome =
  | { status: 'done'; report: CrawlReport }
  | { status: 'failed'; error: CrawlError }
  | { status: 'deferred' };

/** Why a crawl runs: a search showed the site without insights, the frontier's schedule, a submission. */
export type CrawlReason = 'demand' | 'background' | 'submission';

/** Failures that say nothing about the web's reachability (the URL itself was refused). */
const NEUTRAL_FAILURES: ReadonlySet<CrawlErrorCode> = new Set([
  CrawlErrorCode.InvalidUrl,
  CrawlErrorCode.Refused,
]);

/** Crawls sites into the catalogue, takes submissions and keeps the re-crawl schedule. */
@Injectable()
export class CrawlService {
  private readonly logger: JsonLogger;
  private readonly allowList: AllowList;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly sites: SiteRepository,
    private readonly roots: CrawlRootRepository,
    @Inject(SearchOutbox) private readonly outbox: OutboxWriter,
    @Inject(SITE_CRAWLER) private readonly crawler: SiteCrawler,
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    logger: JsonLogger,
    private readonly metrics?: MetricsService,
    @Optional() private readonly reach?: CrawlReachability,
  ) {
    this.logger = logger.forContext('CrawlService');
    this.allowList = new AllowList(settings.crawl.allowList);
  }

  /**
   * Crawls the site of `url` now and records the outcome on its crawl root (next crawl after
   * recrawlHours, also after a failure). A CrawlError (refused, disallowed…) is an outcome,
   * not an exception: retrying would not change it. Other errors are thrown (the job retries).
   */
  async crawl(
    url: string,
    signal?: AbortSignal,
    reason: CrawlReason = 'background',
  ): Promise<CrawlOutcome> {
    const start = canonicalUrl(url);
    const host = new URL(start).host;
    // Offline, only the frontier's probe runs; the rest wait in the frontier, not in a retry storm.
    if (this.reach && !this.reach.admits(start)) {
      await this.roots.release(start, this.clock(), reason === 'demand');
      return { status: 'deferred' };
    }
    await this.roots.markCrawling(start, host);
    try {
      const handoff = reason === 'demand' ? 'demand' : 'background';
      const report = await this.crawler.crawl(
        start,
        (page, fetched, siteId) => this.savePage(page, fetched, handoff, siteId),
        signal,
      );
      this.reach?.reached();
      await this.roots.finish(start, {
        status: 'done',
        pagesIndexed: report.indexed.length,
        lastError: null,
        ...this.schedule(),
      });
      this.countCrawl('done', report.indexed.length);
      this.logger.info('site crawled', {
        url: start,
        indexed: report.indexed.length,
        skipped: report.skipped.length,
        requests: report.requests,
      });
      return { status: 'done', report };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.roots
        .finish(start, {
          status: 'failed',
          pagesIndexed: 0,
          lastError: message.slice(0, 500),
          ...this.schedule(),
        })
        .catch(() => undefined);
      if (error instanceof CrawlError) {
        this.countCrawl('failed', 0);
        if (error.code === CrawlErrorCode.Unreachable) {
          // One line per state change (CrawlReachability), not one per site: offline, every site fails.
          this.reach?.unreachable(host);
          this.logger.entry('debug', 'site not reached', { url: start, reason: error.message });
        } else {
          if (!NEUTRAL_FAILURES.has(error.code)) this.reach?.reached();
          this.logger.entry('warn', 'site not crawled', {
            url: start,
            code: error.code,
            reason: error.message,
          });
        }
        return { status: 'failed', error };
      }
      throw error;
    }
  }

  /**
   * A signed-in user's submission: validated now (a URL that can never be fetched is refused
   * with a 400), then crawled by a job; de-duplicated while that job is pending.
   */
  async submit(input: string, userId: string): Promise<string> {
    const url = this.acceptableUrl(input);
    const since = new Date(this.clock().getTime() - HOUR_MS);
    if (
      (await this.roots.countSubmittedSince(userId, since)) >=
      this.settings.crawl.submissionsPerHour
    ) {
      throw new SearchError(
        SearchErrorCode.SubmissionLimit,
        `At most ${this.settings.crawl.submissionsPerHour} sites can be submitted per hour`,
      );
    }
    await this.roots.upsertQueued(url, new URL(url).host, userId);
    await this.enqueue(url);
    return url;
  }

  /** Queues a crawl job for `url` (canonical); the same URL is not queued twice at once. */
  async enqueue(url: string, reason: CrawlReason = 'submission'): Promise<void> {
    await this.jobs.enqueue(
      QueueNames.siteCrawl,
      { url, reason },
      { jobId: stableJobId('crawl', url), attempts: 2, backoffMs: 30_000 },
    );
  }

  /** Queues the crawl roots whose re-crawl is due; returns how many. */
  async enqueueDue(limit = 100): Promise<number> {
    const due = await this.roots.due(this.clock(), limit);
    for (const root of due) await this.enqueue(root.url, 'background');
    return due.length;
  }

  /**
   * The page into the catalogue and, in the same transaction, when the page is a site (not an
   * inner page: a document of its site), its announcement and its fetched HTML to the analysis.
   * Returns the id of the page's site.
   */
  private async savePage(
    page: CrawledPageEntry,
    fetched: FetchedPage | undefined,
    reason: 'demand' | 'background',
    siteId: number | undefined,
  ): Promise<number> {
    let announced = false;
    const ownerId = await this.db.transaction(async (tx) => {
      const outcome = await this.sites.upsertCrawledPage(tx, page, siteId ?? null);
      const events = [];
      if (outcome.announce) events.push(siteIndexedEvent(outcome.site));
      if (fetched && outcome.isSite)
        events.push(siteCrawledEvent(outcome.site.id, outcome.site.url, fetched, reason));
      if (events.length > 0) {
        await this.outbox.write(tx, events);
        announced = true;
      }
      return outcome.siteId;
    });
    if (announced) this.outbox.committed();
    return ownerId;
  }

  private countCrawl(outcome: 'done' | 'failed', pages: number): void {
    this.metrics
      ?.counter({
        name: 'search_crawls_total',
        help: 'Site crawls, by outcome',
        labelNames: ['outcome'],
      })
      .inc({ outcome });
    this.metrics
      ?.counter({ name: 'search_crawled_pages_total', help: 'Pages indexed by the crawler' })
      .inc(pages);
  }

  private schedule(): { crawledAt: Date; nextCrawlAt: Date } {
    const now = this.clock();
    return {
      crawledAt: now,
      nextCrawlAt: new Date(now.getTime() + this.settings.crawl.recrawlHours * HOUR_MS),
    };
  }

  private acceptableUrl(input: string): string {
    let url: string;
    try {
      url = canonicalUrl(input);
    } catch (error) {
      if (error instanceof InvalidUrlError)
        throw new SearchError(SearchErrorCode.InvalidUrl, error.message);
      throw error;
    }
    try {
      checkUrl(url, { allowList: this.allowList }); // literal private addresses, localhost: no DNS needed to refuse
    } catch (error) {
      if (isSafeFetchError(error))
        throw new SearchError(SearchErrorCode.UrlRefused, `url refused: ${error.message}`);
      throw error;
    }
    return url;
  }
}
