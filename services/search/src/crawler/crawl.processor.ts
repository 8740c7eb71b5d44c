import { Inject, Injectable } from '@nestjs/common';
import { QueueNames, type JobWorker } from '@frenly/jobs';
import { JOB_QUEUE, type FrenlyJobQueue } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { CrawlService } from './crawl.service.js';

/** Runs site-crawl jobs (BullMQ workers when distributed, in-process when embedded). */
@Injectable()
export class CrawlProcessor {
  private worker?: JobWorker;

  constructor(
    private readonly crawls: CrawlService,
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
  ) {}

  async start(): Promise<void> {
    const { concurrency, maxPages, pageTimeoutMs, maxDelayMs } = this.settings.crawl;
    this.worker ??= await this.jobs.process(
      QueueNames.siteCrawl,
      async (payload, context) => {
        const outcome = await this.crawls.crawl(
          payload.url,
          context.signal,
          payload.reason ?? 'submission',
        );
        return {
          siteId:
            outcome.status === 'done' && outcome.report.rootSiteId !== undefined
              ? String(outcome.report.rootSiteId)
              : '',
        };
      },
      // A crawl is many polite requests: bound it by the worst case of its page budget.
      { concurrency, timeoutMs: maxPages * (pageTimeoutMs + maxDelayMs) + 60_000 },
    );
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}
