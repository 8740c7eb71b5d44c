// What both adapters share: the typed surface of JobQueue over each adapter's own queue
// resources. An adapter says how to find a queue, add a job, see a finished one and hear
// outcomes; waiting, listening and the statistics are the same rules for both.
import {
  resolveEnqueueOptions,
  resolveSettings,
  type JobQueueSettings,
  type ResolvedJobOptions,
  type ResolvedSettings,
} from './job-options.js';
import type { JobOutcomeHub } from './job-outcomes.js';
import type {
  CloseOptions,
  CloseResult,
  EnqueueAndWaitOptions,
  EnqueueOptions,
  EnqueuedJob,
  JobCompletedEvent,
  JobFailedEvent,
  JobHandler,
  JobQueue,
  JobQueueMap,
  JobWorker,
  PayloadOf,
  ProcessOptions,
  QueueCounts,
  QueueName,
  ResultOf,
  SlotLease,
  Unsubscribe,
  WorkerStats,
} from './job-queue.port.js';
import { JobStatsRegistry } from './job-stats.js';

/** An adapter's resources for one queue: at least the hub that settles its waiters. */
export interface AdapterQueue {
  readonly hub: JobOutcomeHub;
}

export abstract class JobQueueAdapter<
  M extends JobQueueMap<M>,
  Q extends AdapterQueue,
> implements JobQueue<M> {
  abstract readonly kind: JobQueue<M>['kind'];
  protected readonly settings: ResolvedSettings;
  protected readonly stats = new JobStatsRegistry();

  constructor(settings: JobQueueSettings) {
    this.settings = resolveSettings(settings);
  }

  /** The queue's resources, made on first use; throws JobQueueClosedError once closed. */
  protected abstract queueFor(queue: string): Q;
  /** Resolves once the queue's outcomes reach its hub (BullMQ: its event stream is read). */
  protected abstract listen(queue: Q): Promise<unknown>;
  protected abstract add(
    queue: Q,
    payload: unknown,
    options: ResolvedJobOptions,
  ): EnqueuedJob | Promise<EnqueuedJob>;
  /** Settles waiters of a job that already finished, or is unknown. */
  protected abstract settleFromStore(queue: Q, jobId: string): void | Promise<void>;

  abstract process<N extends QueueName<M>>(
    queue: N,
    handler: JobHandler<PayloadOf<M, N>, ResultOf<M, N>>,
    options?: ProcessOptions,
  ): Promise<JobWorker>;
  abstract getCounts(queue: QueueName<M>): Promise<QueueCounts>;
  abstract acquireSlot(
    queue: QueueName<M>,
    scope: string,
    holder: string,
    limit: number,
    leaseMs: number,
  ): Promise<SlotLease | undefined>;
  abstract isReady(): Promise<boolean>;
  abstract close(options?: CloseOptions): Promise<CloseResult>;

  async enqueue<N extends QueueName<M>>(
    queue: N,
    payload: PayloadOf<M, N>,
    options?: EnqueueOptions,
  ): Promise<EnqueuedJob> {
    return this.add(
      this.queueFor(queue),
      payload,
      resolveEnqueueOptions(options, this.settings.defaults),
    );
  }

  async waitForResult<N extends QueueName<M>>(
    queue: N,
    jobId: string,
    timeoutMs: number,
  ): Promise<ResultOf<M, N>> {
    const resources = this.queueFor(queue);
    await this.listen(resources);
    const handle = resources.hub.wait(jobId, timeoutMs);
    try {
      await this.settleFromStore(resources, jobId);
    } catch (error) {
      handle.cancel(error as Error);
    }
    return handle.promise;
  }

  async enqueueAndWait<N extends QueueName<M>>(
    queue: N,
    payload: PayloadOf<M, N>,
    options: EnqueueAndWaitOptions,
  ): Promise<ResultOf<M, N>> {
    const resources = this.queueFor(queue);
    const resolved = resolveEnqueueOptions(options, this.settings.defaults);
    await this.listen(resources);
    // Waiting starts before the job exists, so even a very fast outcome is seen.
    const handle = resources.hub.wait(resolved.jobId, options.waitTimeoutMs);
    try {
      const { isNew } = await this.add(resources, payload, resolved);
      // A duplicate id may name a job that had already finished.
      if (!isNew) await this.settleFromStore(resources, resolved.jobId);
    } catch (error) {
      handle.cancel(error as Error);
    }
    return handle.promise;
  }

  async onCompleted<N extends QueueName<M>>(
    queue: N,
    listener: (event: JobCompletedEvent<ResultOf<M, N>>) => void,
  ): Promise<Unsubscribe> {
    const resources = this.queueFor(queue);
    await this.listen(resources);
    return resources.hub.onCompleted(listener);
  }

  async onFailed<N extends QueueName<M>>(
    queue: N,
    listener: (event: JobFailedEvent) => void,
  ): Promise<Unsubscribe> {
    const resources = this.queueFor(queue);
    await this.listen(resources);
    return resources.hub.onFailed(listener);
  }

  getStats(queue: QueueName<M>): WorkerStats {
    return this.stats.snapshot(queue);
  }
}
