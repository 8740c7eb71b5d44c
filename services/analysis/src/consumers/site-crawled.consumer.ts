import { Inject, Injectable } from '@nestjs/common';
import { Topics, type SiteCrawledV1, tryCanonicalUrl } from '@frenly/contracts';
import type { TypedEvent } from '@frenly/events';
import { QueueNames, stableJobId } from '@frenly/jobs';
import { JOB_QUEUE, OnBusEvent, type FrenlyJobQueue } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { crawledAnalysisOptions } from '../analyses/crawled-page-analysis.js';

/**
 * search.site-crawled → a background job on the site-analysis queue carrying the crawled page
 * (the job runs the HTML tier on it: CrawledPageAnalysis). Through the queue rather than at
 * once, so that analyses users asked for run first and every worker's limits hold. A replayed
 * event finds its job id taken (or the analysis done): nothing runs twice.
 */
@Injectable()
export class SiteCrawledConsumer {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(ANALYSIS_SETTINGS) readonly settings: AnalysisSettings,
  ) {}

  @OnBusEvent({
    topic: Topics.SiteCrawled,
    // Named after the site-refs group, so tests that isolate that group isolate this one too.
    group: (consumer: SiteCrawledConsumer) => `${consumer.settings.siteRefsGroup}.site-crawled`,
    check: crawledPageProblem,
  })
  async onSiteCrawled(event: TypedEvent<typeof Topics.SiteCrawled>): Promise<void> {
    const { url: raw, ...crawled } = event.payload;
    const url = tryCanonicalUrl(raw)!;
    await this.jobs.enqueue(
      QueueNames.siteAnalysis,
      { url, trigger: 'background', crawled },
      {
        jobId: stableJobId('analyze-crawled', `${url} ${crawled.fetchedAt}`),
        ...crawledAnalysisOptions(url, crawled),
      },
    );
  }
}

function crawledPageProblem(page: SiteCrawledV1): string | undefined {
  if (!tryCanonicalUrl(page.url)) return 'url is not a canonical http(s) URL';
  if (!Number.isSafeInteger(page.siteId) || page.siteId < 1)
    return 'siteId must be a positive integer';
  if (Number.isNaN(Date.parse(page.fetchedAt))) return 'fetchedAt must be an ISO timestamp';
  return undefined;
}
