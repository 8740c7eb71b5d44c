import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { QueueNames, type JobWorker } from '@frenly/jobs';
import { JOB_QUEUE, type FrenlyJobQueue } from '@frenly/platform';
import { RescoringService } from './rescoring.service.js';

/** A re-score is the pipeline without a fetch: well within this, even for a 5 MB page. */
const RESCORE_TIMEOUT_MS = 30_000;

/**
 * The rescoring queue's worker (BullMQ in the distributed runtime, in-process when embedded): one
 * job at a time per process, so that scoring the catalogue again never takes more than one core
 * from the analyses people ask for; the sweep bounds how many are queued a minute.
 */
@Injectable()
export class RescoringProcessor implements OnModuleInit, OnApplicationShutdown {
  private worker?: JobWorker;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    private readonly rescoring: RescoringService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.worker = await this.jobs.process(
      QueueNames.analysisRescore,
      async ({ analysisId }, { signal }) => ({
        analysisId,
        outcome: await this.rescoring.rescore(analysisId, signal),
      }),
      { concurrency: 1, timeoutMs: RESCORE_TIMEOUT_MS },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close({ timeoutMs: 5_000 });
    this.worker = undefined;
  }
}
