import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QueueNames, type JobWorker } from '@frenly/jobs';
import { JOB_QUEUE, runWithRequestId, type FrenlyJobQueue } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { canonicalUrl } from '@frenly/contracts';
import { analysisGroupLimits, type AnalysisRequester } from './analysis-fairness.js';
import { AnalysisRunner } from './analysis-runner.js';
import { CrawledPageAnalysis } from './crawled-page-analysis.js';

/** The site-analysis queue's worker: BullMQ in the distributed runtime, in-process when embedded. */
@Injectable()
export class SiteAnalysisProcessor implements OnModuleInit, OnApplicationShutdown {
  private worker?: JobWorker;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly runner: AnalysisRunner,
    private readonly crawledPages: CrawledPageAnalysis,
  ) {}

  async onModuleInit(): Promise<void> {
    this.worker = await this.jobs.process(
      QueueNames.siteAnalysis,
      // Other producers (the catalogue's background analyses) may enqueue too: canonicalise here.
      // The job runs as part of the request that asked for it (its logs and event carry the id).
      async ({ url, requestId, trigger, crawled }, { signal }) =>
        runWithRequestId(requestId, async () => ({
          // A page the crawler fetched is analysed from its copy (crawled-page-analysis.ts).
          analysisId: crawled
            ? await this.crawledPages.run(canonicalUrl(url), crawled)
            : await this.runner.run(canonicalUrl(url), signal, requesterOf(trigger)),
        })),
      // At most so many analyses of one user, and of one host, run at once (all processes):
      // a flood of slow pages from one account leaves workers for everyone else.
      {
        concurrency: this.settings.concurrency,
        timeoutMs: this.settings.jobTimeoutMs,
        groupLimits: analysisGroupLimits(this.settings),
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close({ timeoutMs: 5_000 });
    this.worker = undefined;
  }
}

/**
 * Who the browser-tier job is for: on-demand analyses come before the catalogue's background
 * ones (the job has no user to group by: the per-user admission already held this one back).
 */
function requesterOf(trigger: 'on-demand' | 'background'): AnalysisRequester {
  return trigger === 'on-demand'
    ? { kind: 'user', userId: 'on-demand', inFlight: 1 }
    : { kind: 'background' };
}
