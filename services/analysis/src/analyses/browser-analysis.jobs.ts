// Schedules the browser tier's visit of an analysed site as a job: BullMQ in the distributed
// runtime, the in-process queue when embedded. One job per analysis (its id names the analysis),
// ordered and grouped like the analysis it enriches (analysis-fairness.ts).
import { Inject, Injectable } from '@nestjs/common';
import { QueueNames, stableJobId } from '@frenly/jobs';
import { JOB_QUEUE, JsonLogger, currentRequestId, type FrenlyJobQueue } from '@frenly/platform';
import { analysisFairness, type AnalysisRequester } from './analysis-fairness.js';
import { BrowserTierProvider } from './browser-tier.provider.js';

/** Launching Chromium (up to 30 s on a cold, busy machine) and writing the result, past the visit's budget. */
const JOB_MARGIN_MS = 35_000;

/**
 * The group every visit nobody is waiting for belongs to (crawled sites, visits queued again at
 * boot): the worker lets it hold all browsers but one (browserGroupLimits), so that with two or
 * more a person's request never waits for a background visit to end.
 */
export const BACKGROUND_VISITS_GROUP = { background: 'visits' } as const;

/** The browser worker's group limits: one visit per host, background visits below the pool size. */
export function browserGroupLimits(poolSize: number): Record<string, number> {
  return { host: 1, background: Math.max(1, poolSize - 1) };
}

@Injectable()
export class BrowserAnalysisJobs {
  private readonly logger: JsonLogger;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    private readonly browserTier: BrowserTierProvider,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('BrowserAnalysisJobs');
  }

  /** Time limit of one browser-tier job. */
  get timeoutMs(): number {
    return this.browserTier.siteBudgetMs + JOB_MARGIN_MS;
  }

  /**
   * Queues the visit. A queue that refuses (Redis away) leaves the report pending and is logged:
   * the HTML tier's answer stands, and the analysis screen says the browser check did not finish.
   */
  async schedule(analysisId: string, url: string, requester: AnalysisRequester): Promise<void> {
    const requestId = currentRequestId();
    try {
      const { priority, groups } = analysisFairness(url, requester);
      await this.jobs.enqueue(
        QueueNames.siteBrowserAnalysis,
        { analysisId, url, ...(requestId ? { requestId } : {}) },
        {
          jobId: stableJobId('browser', analysisId),
          timeoutMs: this.timeoutMs,
          priority,
          groups:
            requester.kind === 'background' ? { ...groups, ...BACKGROUND_VISITS_GROUP } : groups,
        },
      );
    } catch (error) {
      this.logger.exception('could not queue the browser tier; the HTML report stands', error, {
        analysisId,
        url,
      });
    }
  }
}
