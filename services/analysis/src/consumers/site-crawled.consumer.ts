import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import {
  subscribeToEvents,
  type EventBus,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { QueueNames, stableJobId } from '@frenly/jobs';
import { EVENT_BUS, JOB_QUEUE, JsonLogger, type FrenlyJobQueue } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { crawledAnalysisOptions } from '../analyses/crawled-page-analysis.js';
import { tryCanonicalUrl } from '../urls/canonical-url.js';

/**
 * search.site-crawled → a background job on the site-analysis queue carrying the crawled page
 * (the job runs the HTML tier on it: CrawledPageAnalysis). Through the queue rather than at
 * once, so that analyses users asked for run first and every worker's limits hold. A replayed
 * event finds its job id taken (or the analysis done): nothing runs twice.
 */
@Injectable()
export class SiteCrawledConsumer implements OnModuleInit, OnApplicationShutdown {
  private subscription?: Subscription;
  private readonly logger: JsonLogger;
  /** Named after the site-refs group, so tests that isolate that group isolate this one too. */
  private readonly group: string;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(ANALYSIS_SETTINGS) settings: AnalysisSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('SiteCrawledConsumer');
    this.group = `${settings.siteRefsGroup}.site-crawled`;
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeToEvents(this.bus, {
      group: this.group,
      fromBeginning: true,
      handlers: { [Topics.SiteCrawled]: (event) => this.handle(event) },
    });
  }

  async handle(event: TypedEvent<typeof Topics.SiteCrawled>): Promise<void> {
    const { url: raw, siteId, htmlGzipBase64, fetchedAt, ...rest } = event.payload;
    const url = typeof raw === 'string' ? tryCanonicalUrl(raw) : undefined;
    if (
      !url ||
      !Number.isSafeInteger(siteId) ||
      siteId < 1 ||
      typeof htmlGzipBase64 !== 'string' ||
      Number.isNaN(Date.parse(fetchedAt))
    ) {
      // Retrying cannot fix a malformed event and would block its partition: log and skip.
      this.logger.entry('warn', 'skipping a malformed site-crawled event', { eventId: event.id });
      return;
    }
    const crawled = { siteId, htmlGzipBase64, fetchedAt, ...rest };
    await this.jobs.enqueue(
      QueueNames.siteAnalysis,
      { url, trigger: 'background', crawled },
      {
        jobId: stableJobId('analyze-crawled', `${url} ${fetchedAt}`),
        ...crawledAnalysisOptions(url, crawled),
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }
}
