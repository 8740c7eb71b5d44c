// The in-process adapter: jobs live in memory and run in this process (embedded runtime,
// no Redis). It follows BullMQ's rules on purpose — de-duplication, retries with exponential
// backoff, retention of finished jobs, JSON-copied payloads and results — so that code tested
// here behaves the same on Redis. Jobs do not survive a restart.
import { runAttempt } from '../attempt-runner.js';
import {
  JobNotFoundError,
  JobFailedError,
  JobQueueClosedError,
  errorMessage,
} from '../job-errors.js';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  assertValidQueueName,
  backoffDelayMs,
  groupClaims,
  groupLeaseMs,
  jsonRoundTrip,
  resolveProcessOptions,
  type JobQueueSettings,
  type ResolvedJobOptions,
} from '../job-options.js';
import { JobOutcomeHub } from '../job-outcomes.js';
import { JobQueueAdapter } from '../job-queue-adapter.js';
import type {
  CloseOptions,
  CloseResult,
  EnqueuedJob,
  JobHandler,
  JobQueueMap,
  JobWorker,
  PayloadOf,
  ProcessOptions,
  QueueCounts,
  QueueName,
  ResultOf,
  SlotLease,
} from '../job-queue.port.js';
import { jobsToEvict, type FinishedEntry } from '../retention.js';
import { settlesWithin } from '../settles-within.js';
import { MemorySlotStore, type SlotClaim } from '../slots/slot-store.js';

type MemJobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

interface MemJob {
  id: string;
  payload: unknown;
  options: ResolvedJobOptions;
  state: MemJobState;
  /** Order of arrival in the waiting list: FIFO among equal priorities. */
  seq: number;
  attemptsMade: number;
  result?: unknown;
  failedReason?: string;
  retryTimer?: NodeJS.Timeout;
}

interface MemWorker {
  handler: JobHandler<unknown, unknown>;
  concurrency: number;
  timeoutMs: number | undefined;
  groupLimits: Record<string, number>;
  running: Set<Promise<void>>;
  /** Aborted when a shutdown outlasts its bound. */
  shutdown: AbortController;
  closing: boolean;
}

interface MemQueue {
  name: string;
  jobs: Map<string, MemJob>;
  /** Waiting job ids by priority, then arrival (BullMQ's order). */
  waiting: string[];
  finished: { completed: FinishedEntry[]; failed: FinishedEntry[] };
  workers: MemWorker[];
  hub: JobOutcomeHub;
  pumpScheduled: boolean;
}

export class InProcessJobQueue<M extends JobQueueMap<M>> extends JobQueueAdapter<M, MemQueue> {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, MemQueue>();
  /** Running jobs' group slots and acquireSlot's admissions, scoped by queue. */
  private readonly slots = new MemorySlotStore();
  private nextSeq = 0;
  private closed = false;

  constructor(settings: JobQueueSettings = {}) {
    super(settings);
  }

  async process<N extends QueueName<M>>(
    queue: N,
    handler: JobHandler<PayloadOf<M, N>, ResultOf<M, N>>,
    options?: ProcessOptions,
  ): Promise<JobWorker> {
    const memQueue = this.queueFor(queue);
    const { concurrency, timeoutMs, groupLimits } = resolveProcessOptions(options);
    const worker: MemWorker = {
      handler,
      concurrency,
      timeoutMs,
      groupLimits,
      running: new Set(),
      shutdown: new AbortController(),
      closing: false,
    };
    memQueue.workers.push(worker);
    this.schedulePump(memQueue);
    return { queue, close: (closeOptions) => this.closeWorker(memQueue, worker, closeOptions) };
  }

  async getCounts(queue: QueueName<M>): Promise<QueueCounts> {
    const counts: QueueCounts = { waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 };
    for (const job of this.queueFor(queue).jobs.values()) counts[job.state] += 1;
    return counts;
  }

  async acquireSlot(
    queue: QueueName<M>,
    scope: string,
    holder: string,
    limit: number,
    leaseMs: number,
  ): Promise<SlotLease | undefined> {
    const key = `${this.queueFor(queue).name}:admit:${scope}`;
    const counts = this.slots.tryAcquireNow([{ scope: key, limit }], holder, leaseMs);
    if (!counts) return undefined;
    return { held: counts[0] ?? 1, release: async () => this.slots.releaseNow([key], holder) };
  }

  async isReady(): Promise<boolean> {
    return !this.closed;
  }

  async close(options?: CloseOptions): Promise<CloseResult> {
    if (this.closed) return { drained: true };
    this.closed = true;
    const memQueues = [...this.queues.values()];
    const results = await Promise.all(
      memQueues.flatMap((memQueue) =>
        memQueue.workers.map((worker) => this.closeWorker(memQueue, worker, options)),
      ),
    );
    for (const memQueue of memQueues) {
      for (const job of memQueue.jobs.values()) clearTimeout(job.retryTimer);
      memQueue.hub.rejectAllWaiters(new JobQueueClosedError());
    }
    return { drained: results.every((result) => result.drained) };
  }

  protected add(memQueue: MemQueue, payload: unknown, options: ResolvedJobOptions): EnqueuedJob {
    if (memQueue.jobs.has(options.jobId)) return { jobId: options.jobId, isNew: false };
    memQueue.jobs.set(options.jobId, {
      id: options.jobId,
      payload: jsonRoundTrip(payload),
      options,
      state: 'waiting',
      seq: 0,
      attemptsMade: 0,
    });
    this.enqueueWaiting(memQueue, memQueue.jobs.get(options.jobId)!);
    this.schedulePump(memQueue);
    return { jobId: options.jobId, isNew: true };
  }

  protected settleFromStore(memQueue: MemQueue, jobId: string): void {
    const job = memQueue.jobs.get(jobId);
    if (!job)
      memQueue.hub.settleWaiters(jobId, { error: new JobNotFoundError(memQueue.name, jobId) });
    else if (job.state === 'completed') memQueue.hub.settleWaiters(jobId, { result: job.result });
    else if (job.state === 'failed') {
      memQueue.hub.settleWaiters(jobId, {
        error: new JobFailedError(memQueue.name, jobId, job.failedReason ?? ''),
      });
    }
  }

  // Dispatch runs on a later turn, as with Redis: enqueue() returns before the job starts.
  private schedulePump(memQueue: MemQueue): void {
    if (memQueue.pumpScheduled) return;
    memQueue.pumpScheduled = true;
    setImmediate(() => {
      memQueue.pumpScheduled = false;
      this.pump(memQueue);
    });
  }

  /** Inserts a job into the waiting list after every job of the same or a higher priority. */
  private enqueueWaiting(memQueue: MemQueue, job: MemJob): void {
    job.state = 'waiting';
    job.seq = this.nextSeq++;
    const { waiting, jobs } = memQueue;
    const rank = (candidate: MemJob | undefined): number => candidate?.options.priority ?? 0;
    let low = 0;
    let high = waiting.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (rank(jobs.get(waiting[middle]!)) <= job.options.priority) low = middle + 1;
      else high = middle;
    }
    waiting.splice(low, 0, job.id);
  }

  private pump(memQueue: MemQueue): void {
    for (const worker of memQueue.workers) {
      while (!worker.closing && worker.running.size < worker.concurrency) {
        const next = this.nextRunnable(memQueue, worker);
        if (!next) break;
        this.start(memQueue, worker, next.job, next.claims);
      }
    }
  }

  /**
   * The first waiting job whose groups have a free slot under this worker's limits, with its
   * slots taken; jobs of full groups stay in place and keep their turn.
   */
  private nextRunnable(
    memQueue: MemQueue,
    worker: MemWorker,
  ): { job: MemJob; claims: SlotClaim[] } | undefined {
    for (let index = 0; index < memQueue.waiting.length;) {
      const job = memQueue.jobs.get(memQueue.waiting[index]!);
      if (job?.state !== 'waiting') {
        memQueue.waiting.splice(index, 1);
        continue;
      }
      const claims = groupClaims(job.options.groups, worker.groupLimits).map((claim) => ({
        ...claim,
        scope: `${memQueue.name}:${claim.scope}`,
      }));
      const leaseMs = groupLeaseMs(job.options.timeoutMs ?? worker.timeoutMs);
      if (this.slots.tryAcquireNow(claims, job.id, leaseMs)) {
        memQueue.waiting.splice(index, 1);
        return { job, claims };
      }
      index += 1;
    }
    return undefined;
  }

  private start(memQueue: MemQueue, worker: MemWorker, job: MemJob, claims: SlotClaim[]): void {
    job.state = 'active';
    const run = runAttempt({
      handler: worker.handler,
      // A fresh copy per attempt, as BullMQ reads it again from Redis.
      payload: jsonRoundTrip(job.payload),
      context: {
        queue: memQueue.name,
        jobId: job.id,
        attempt: job.attemptsMade + 1,
        maxAttempts: job.options.attempts,
      },
      timeoutMs: job.options.timeoutMs ?? worker.timeoutMs,
      abortSignal: worker.shutdown.signal,
    })
      .then(
        (result) => this.complete(memQueue, job, result),
        (error: unknown) => this.fail(memQueue, job, error),
      )
      .catch((error: unknown) =>
        this.settings.onError(toError(error), `in-process queue ${memQueue.name}`),
      )
      .finally(() => {
        this.slots.releaseNow(
          claims.map((claim) => claim.scope),
          job.id,
        );
        worker.running.delete(run);
        this.schedulePump(memQueue);
      });
    worker.running.add(run);
  }

  private complete(memQueue: MemQueue, job: MemJob, result: unknown): void {
    job.state = 'completed';
    job.result = jsonRoundTrip(result);
    this.stats.recordCompleted(memQueue.name);
    this.retain(memQueue, job, 'completed');
    memQueue.hub.completed(job.id, job.result);
  }

  private fail(memQueue: MemQueue, job: MemJob, error: unknown): void {
    job.attemptsMade += 1;
    const final = job.attemptsMade >= job.options.attempts;
    this.stats.recordFailedAttempt(memQueue.name, error, final);
    if (!final) {
      this.scheduleRetry(memQueue, job);
      return;
    }
    job.state = 'failed';
    job.failedReason = errorMessage(error);
    this.retain(memQueue, job, 'failed');
    memQueue.hub.failed(job.id, job.failedReason);
  }

  private scheduleRetry(memQueue: MemQueue, job: MemJob): void {
    const requeue = (): void => {
      job.retryTimer = undefined;
      this.enqueueWaiting(memQueue, job);
      this.schedulePump(memQueue);
    };
    const delay = backoffDelayMs(job.options.backoffMs, job.attemptsMade);
    if (delay === 0) return requeue();
    job.state = 'delayed';
    job.retryTimer = setTimeout(requeue, delay);
  }

  /** Keeps or drops finished jobs by the retention policy, as BullMQ does on each finish. */
  private retain(memQueue: MemQueue, job: MemJob, kind: 'completed' | 'failed'): void {
    const policy = kind === 'completed' ? this.settings.keepCompleted : this.settings.keepFailed;
    if (policy.count === 0) {
      memQueue.jobs.delete(job.id);
      return;
    }
    const now = Date.now();
    const finished = memQueue.finished[kind];
    finished.push({ jobId: job.id, finishedAt: now });
    const evicted = new Set(jobsToEvict(finished, policy, now));
    if (evicted.size === 0) return;
    memQueue.finished[kind] = finished.filter((entry) => !evicted.has(entry.jobId));
    for (const jobId of evicted) memQueue.jobs.delete(jobId);
  }

  private async closeWorker(
    memQueue: MemQueue,
    worker: MemWorker,
    options?: CloseOptions,
  ): Promise<CloseResult> {
    worker.closing = true;
    const timeoutMs = options?.timeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    const drained = await settlesWithin(Promise.all(worker.running), timeoutMs);
    if (!drained) {
      // Fails the running attempts at once (their handlers see the signal).
      worker.shutdown.abort(new Error('worker shut down'));
      await Promise.all(worker.running);
    }
    memQueue.workers = memQueue.workers.filter((candidate) => candidate !== worker);
    return { drained };
  }

  /** Finished jobs settle their waiters directly: nothing to listen to. */
  protected async listen(): Promise<void> {}

  protected queueFor(queue: string): MemQueue {
    if (this.closed) throw new JobQueueClosedError();
    let memQueue = this.queues.get(queue);
    if (!memQueue) {
      assertValidQueueName(queue);
      memQueue = {
        name: queue,
        jobs: new Map(),
        waiting: [],
        finished: { completed: [], failed: [] },
        workers: [],
        hub: new JobOutcomeHub(queue, this.settings.onError),
        pumpScheduled: false,
      };
      this.queues.set(queue, memQueue);
    }
    return memQueue;
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
