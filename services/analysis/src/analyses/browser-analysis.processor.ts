import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { QueueNames, type JobWorker } from '@frenly/jobs';
import { JOB_QUEUE, runWithRequestId, type FrenlyJobQueue } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { AnalysesRepository } from './analyses.repository.js';
import { BrowserAnalysisJobs, browserGroupLimits } from './browser-analysis.jobs.js';
import { BrowserAnalysisRunner } from './browser-analysis.runner.js';
import { BrowserTierProvider } from './browser-tier.provider.js';

/** Pending visits queued again at boot, at most (the newest: the ones people may be looking at). */
const REQUEUE_AT_MOST = 100;

/**
 * The browser tier's worker (BullMQ in the distributed runtime, in-process when embedded). As
 * many jobs at once as the pool has browsers, at most one per host across every worker, and
 * background visits leave one browser to people's requests when there are two or more; only
 * where Chromium runs (elsewhere, reports are stored as HTML-only and no job is queued).
 */
@Injectable()
export class BrowserAnalysisProcessor implements OnModuleInit, OnApplicationShutdown {
  private worker?: JobWorker;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly browserTier: BrowserTierProvider,
    private readonly browserJobs: BrowserAnalysisJobs,
    private readonly runner: BrowserAnalysisRunner,
    private readonly analyses: AnalysesRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.browserTier.available) return;
    this.worker = await this.jobs.process(
      QueueNames.siteBrowserAnalysis,
      async ({ analysisId, requestId }, { signal }) =>
        runWithRequestId(requestId, async () => ({
          analysisId,
          state: await this.runner.run(analysisId, signal),
        })),
      {
        concurrency: this.settings.browser.poolSize,
        timeoutMs: this.browserJobs.timeoutMs,
        groupLimits: browserGroupLimits(this.settings.browser.poolSize),
      },
    );
    await this.requeuePending();
  }

  /**
   * Visits that a stopped process never finished (the in-process queue does not outlive it)
   * are queued again, so no report served from the cache stays "checking" for ever. Already
   * queued ones are not doubled: the job id names the analysis.
   */
  private async requeuePending(): Promise<void> {
    const since = new Date(Date.now() - this.settings.cacheTtlMs);
    for (const { id, url } of await this.analyses.pendingBrowser(since, REQUEUE_AT_MOST))
      await this.browserJobs.schedule(id, url, { kind: 'background' });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close({ timeoutMs: 5_000 });
    this.worker = undefined;
  }
}
