// Finds stored analyses scored under an older version than the running scorer's and queues
// them to be scored again from their snapshots, at most `sitesPerMinute` across every analysis
// process (slots in the job store, Redis or memory, given back a minute later). Runs at start
// and then every `sweepEveryMs` (15 s by default, so that slots given back are soon taken again);
// quiet when there is nothing to do.
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { QueueNames, stableJobId } from '@frenly/jobs';
import { JOB_QUEUE, JsonLogger, type FrenlyJobQueue } from '@frenly/platform';
import { SnapshotsRepository } from '../analyses/snapshots.repository.js';
import { RescoringMetrics } from './rescoring.metrics.js';
import { RESCORING_SETTINGS, type RescoringSettings } from './rescoring.settings.js';

/** The rolling window of the rate: a slot taken for an analysis is given back a minute later. */
const WINDOW_MS = 60_000;
const BUDGET_SCOPE = 'rescores-per-minute';

@Injectable()
export class RescoringSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(RESCORING_SETTINGS) private readonly settings: RescoringSettings,
    private readonly snapshots: SnapshotsRepository,
    private readonly metrics: RescoringMetrics,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('RescoringSweep');
  }

  onApplicationBootstrap(): void {
    if (this.settings.sweepEveryMs <= 0) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.settings.sweepEveryMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round (never two at once in a process); returns how many re-scores it queued. */
  sweep(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<number> {
    try {
      const { snapshots, bytes } = await this.snapshots.totals();
      this.metrics.snapshots.set(snapshots);
      this.metrics.snapshotBytes.set(bytes);
      const perMinute = this.settings.sitesPerMinute;
      if (perMinute === 0) return 0;
      // A minute's worth already waits: the worker is not keeping up; queue nothing more.
      const { waiting } = await this.jobs.getCounts(QueueNames.analysisRescore);
      if (waiting >= perMinute) return 0;
      const version = this.settings.scoringVersion;
      let queued = 0;
      for (const { id, url } of await this.snapshots.scoredBefore(version, perMinute - waiting)) {
        const slot = await this.jobs.acquireSlot(
          QueueNames.analysisRescore,
          BUDGET_SCOPE,
          id,
          perMinute,
          WINDOW_MS,
        );
        if (!slot) break;
        const { isNew } = await this.jobs.enqueue(
          QueueNames.analysisRescore,
          { analysisId: id, url },
          { jobId: stableJobId('rescore', `${id} v${version}`), attempts: 2, backoffMs: 5_000 },
        );
        if (isNew) queued += 1;
      }
      if (queued > 0) this.logger.info('analyses queued to be scored again', { queued, version });
      return queued;
    } catch (error) {
      this.logger.exception('could not look for analyses to score again', error);
      return 0;
    }
  }
}
