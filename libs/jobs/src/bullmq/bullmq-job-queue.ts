// The BullMQ adapter (distributed runtime): jobs live in Redis, any process may enqueue,
// process or wait. BullMQ gives storage, de-duplication by job id, retries with backoff,
// retention and per-worker concurrency; the per-attempt timeout and the typed surface are ours.
import { randomUUID } from 'node:crypto';
import {
  DelayedError,
  Queue,
  QueueEvents,
  Worker,
  type Job,
  type JobsOptions,
  type KeepJobs,
} from 'bullmq';
import { runAttempt } from '../attempt-runner.js';
import { JobFailedError, JobNotFoundError, JobQueueClosedError } from '../job-errors.js';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  assertValidQueueName,
  groupClaims,
  groupLeaseMs,
  resolveProcessOptions,
  type JobQueueSettings,
  type ResolvedJobOptions,
  type RetentionPolicy,
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
import { settlesWithin } from '../settles-within.js';
import { RedisSlotStore } from '../slots/redis-slot-store.js';
import { RedisConnections } from './redis-connections.js';

export interface BullMqJobQueueConfig extends JobQueueSettings {
  redisUrl: string;
  /** Prefix of every Redis key (BullMQ's `prefix`). Default "frenly". */
  prefix?: string;
  /** How long isReady() waits for Redis to answer. Default 1000 ms. */
  readyTimeoutMs?: number;
}

/** What is stored as BullMQ job data: the payload plus what our worker wrapper needs. */
interface JobEnvelope {
  payload: unknown;
  /** Per-job time limit of one attempt (BullMQ has none of its own). */
  timeoutMs?: number;
  /** Random per enqueue() call: tells a new job from a de-duplicated one. */
  token: string;
  /** Fairness groups (kind -> value), checked against the worker's group limits. */
  groups?: Record<string, string>;
}

interface QueueResources {
  queue: Queue<JobEnvelope, unknown, string>;
  hub: JobOutcomeHub;
  events?: Promise<QueueEvents>;
}

interface WorkerResources {
  worker: Worker<JobEnvelope, unknown, string>;
  shutdown: AbortController;
  closing?: Promise<CloseResult>;
}

/** How long a worker gets after its running attempts were aborted at shutdown. */
const ABORT_GRACE_MS = 2000;

export class BullMqJobQueue<M extends JobQueueMap<M>> extends JobQueueAdapter<M, QueueResources> {
  readonly kind = 'bullmq' as const;
  readonly prefix: string;
  private readonly readyTimeoutMs: number;
  private readonly connections: RedisConnections;
  private readonly queues = new Map<string, QueueResources>();
  private readonly workers = new Set<WorkerResources>();
  private readonly slots: RedisSlotStore;
  private closing?: Promise<CloseResult>;

  constructor(config: BullMqJobQueueConfig) {
    super(config);
    this.prefix = config.prefix ?? 'frenly';
    this.readyTimeoutMs = config.readyTimeoutMs ?? 1000;
    this.connections = new RedisConnections(config.redisUrl);
    this.slots = new RedisSlotStore(() => this.connections.producer(), `${this.prefix}:slots`);
  }

  async process<N extends QueueName<M>>(
    queue: N,
    handler: JobHandler<PayloadOf<M, N>, ResultOf<M, N>>,
    options?: ProcessOptions,
  ): Promise<JobWorker> {
    this.assertOpen();
    assertValidQueueName(queue);
    const { concurrency, timeoutMs, groupLimits, groupRetryMs } = resolveProcessOptions(options);
    const slots = this.slots;
    const shutdown = new AbortController();
    const stats = this.stats;
    const runHandler = handler as JobHandler<unknown, unknown>;

    // Three parameters: BullMQ only passes its AbortSignal to processors declaring them.
    const processor = async (
      job: Job<JobEnvelope, unknown, string>,
      token?: string,
      signal?: AbortSignal,
    ) => {
      const attempt = job.attemptsMade + 1;
      const maxAttempts = job.opts.attempts ?? 1;
      // Fairness without BullMQ Pro's groups: a job whose group is full goes back to the
      // delayed set for a moment (not an attempt) and returns with its priority, so jobs of
      // other groups run meanwhile.
      const scopes = groupClaims(job.data.groups, groupLimits).map((claim) => ({
        ...claim,
        scope: `${queue}:${claim.scope}`,
      }));
      const holder = job.id ?? '';
      if (scopes.length > 0) {
        const leaseMs = groupLeaseMs(job.data.timeoutMs ?? timeoutMs);
        if (!(await slots.tryAcquire(scopes, holder, leaseMs))) {
          await job.moveToDelayed(Date.now() + groupRetryMs, token);
          throw new DelayedError();
        }
      }
      try {
        const result = await runAttempt({
          handler: runHandler,
          payload: job.data.payload,
          context: { queue, jobId: job.id ?? '', attempt, maxAttempts },
          timeoutMs: job.data.timeoutMs ?? timeoutMs,
          abortSignal: signal ? AbortSignal.any([shutdown.signal, signal]) : shutdown.signal,
        });
        stats.recordCompleted(queue);
        // JSON has no undefined; store null so that waiters get the same value as in-process.
        return result === undefined ? null : result;
      } catch (error) {
        stats.recordFailedAttempt(queue, error, attempt >= maxAttempts);
        throw error;
      } finally {
        if (scopes.length > 0) {
          await slots
            .release(
              scopes.map((claim) => claim.scope),
              holder,
            )
            .catch((error: Error) => this.settings.onError(error, `slots of queue ${queue}`));
        }
      }
    };

    const worker = new Worker<JobEnvelope, unknown, string>(queue, processor, {
      connection: this.connections.blocking(),
      prefix: this.prefix,
      concurrency,
    });
    worker.on('error', (error) => this.settings.onError(error, `worker of queue ${queue}`));
    const resources: WorkerResources = { worker, shutdown };
    this.workers.add(resources);
    // Not awaiting readiness: with Redis away it would wait forever; the worker connects when it can.
    return { queue, close: (closeOptions) => this.closeWorker(resources, closeOptions) };
  }

  async getCounts(queue: QueueName<M>): Promise<QueueCounts> {
    const counts = await this.queueFor(queue).queue.getJobCounts(
      'wait',
      'prioritized',
      'waiting-children',
      'active',
      'delayed',
      'completed',
      'failed',
    );
    const count = (key: string): number => counts[key] ?? 0;
    return {
      waiting: count('wait') + count('prioritized') + count('waiting-children'),
      active: count('active'),
      delayed: count('delayed'),
      completed: count('completed'),
      failed: count('failed'),
    };
  }

  async acquireSlot(
    queue: QueueName<M>,
    scope: string,
    holder: string,
    limit: number,
    leaseMs: number,
  ): Promise<SlotLease | undefined> {
    this.assertOpen();
    assertValidQueueName(queue);
    const key = `${queue}:admit:${scope}`;
    const counts = await this.slots.tryAcquire([{ scope: key, limit }], holder, leaseMs);
    if (!counts) return undefined;
    return { held: counts[0] ?? 1, release: () => this.slots.release([key], holder) };
  }

  async isReady(): Promise<boolean> {
    if (this.closing) return false;
    const ping = this.connections.producer().ping();
    ping.catch(() => undefined);
    return settlesWithin(ping, this.readyTimeoutMs)
      .then(async (settled) => settled && (await ping) === 'PONG')
      .catch(() => false);
  }

  close(options?: CloseOptions): Promise<CloseResult> {
    this.closing ??= this.closeAll(options);
    return this.closing;
  }

  private async closeAll(options?: CloseOptions): Promise<CloseResult> {
    const results = await Promise.all(
      [...this.workers].map((worker) => this.closeWorker(worker, options)),
    );
    const closedError = new JobQueueClosedError();
    await Promise.all(
      [...this.queues.values()].map(async (resources) => {
        resources.hub.rejectAllWaiters(closedError);
        const events = await resources.events?.catch(() => undefined);
        await events
          ?.close()
          .catch((error: Error) => this.settings.onError(error, 'closing queue events'));
        await resources.queue
          .close()
          .catch((error: Error) => this.settings.onError(error, 'closing queue'));
      }),
    );
    await this.connections.closeAll();
    return { drained: results.every((result) => result.drained) };
  }

  private closeWorker(resources: WorkerResources, options?: CloseOptions): Promise<CloseResult> {
    resources.closing ??= (async () => {
      // Worker.close() stops fetching and waits for the active jobs: bounded here.
      const closed = resources.worker.close();
      const drained = await settlesWithin(closed, options?.timeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS);
      if (!drained) {
        // Fails the running attempts (recorded in Redis, so they are retried if tries remain).
        resources.shutdown.abort(new Error('worker shut down'));
        if (!(await settlesWithin(closed, ABORT_GRACE_MS))) {
          this.settings.onError(
            new Error('worker did not close after aborting its jobs'),
            `queue ${resources.worker.name}`,
          );
        }
      }
      this.workers.delete(resources);
      return { drained };
    })();
    return resources.closing;
  }

  protected async add(
    resources: QueueResources,
    payload: unknown,
    options: ResolvedJobOptions,
  ): Promise<EnqueuedJob> {
    const token = randomUUID();
    const envelope: JobEnvelope = { payload, token };
    if (options.timeoutMs !== undefined) envelope.timeoutMs = options.timeoutMs;
    if (Object.keys(options.groups).length > 0) envelope.groups = options.groups;
    const jobOptions: JobsOptions = {
      jobId: options.jobId,
      attempts: options.attempts,
      removeOnComplete: toKeepJobs(this.settings.keepCompleted),
      removeOnFail: toKeepJobs(this.settings.keepFailed),
    };
    if (options.priority > 0) jobOptions.priority = options.priority;
    if (options.backoffMs > 0)
      jobOptions.backoff = { type: 'exponential', delay: options.backoffMs };
    // BullMQ silently returns the existing job when the id is taken; it says nothing about it.
    await resources.queue.add(resources.queue.name, envelope, jobOptions);
    if (!options.isCustomId) return { jobId: options.jobId, isNew: true };
    const stored = await resources.queue.getJob(options.jobId);
    // Gone already: it finished and was not retained; it can only have been this call's job
    // or one that finished in the meantime, so report it as new.
    return { jobId: options.jobId, isNew: !stored || stored.data.token === token };
  }

  protected async settleFromStore(resources: QueueResources, jobId: string): Promise<void> {
    const { queue, hub } = resources;
    const state = await queue.getJobState(jobId);
    if (state !== 'unknown' && state !== 'completed' && state !== 'failed') return;
    const job = state === 'unknown' ? undefined : await queue.getJob(jobId);
    if (!job) hub.settleWaiters(jobId, { error: new JobNotFoundError(queue.name, jobId) });
    else if (state === 'completed') hub.settleWaiters(jobId, { result: job.returnvalue });
    else
      hub.settleWaiters(jobId, { error: new JobFailedError(queue.name, jobId, job.failedReason) });
  }

  /**
   * Starts this queue's event listener once. It reads the event stream from the last entry
   * present before it starts, so nothing that happens after listen() resolves is missed
   * (a QueueEvents started at '$' could miss events until its first XREAD is in place).
   */
  protected listen(resources: QueueResources): Promise<QueueEvents> {
    resources.events ??= (async () => {
      const { queue, hub } = resources;
      const producer = this.connections.producer();
      const [last] = await producer.xrevrange(
        queue.keys['events'] ?? queue.toKey('events'),
        '+',
        '-',
        'COUNT',
        1,
      );
      const events = new QueueEvents(queue.name, {
        connection: this.connections.blocking(),
        prefix: this.prefix,
        lastEventId: last?.[0] ?? '0-0',
      });
      events.on('error', (error) => this.settings.onError(error, `events of queue ${queue.name}`));
      events.on('completed', ({ jobId, returnvalue }) => hub.completed(jobId, returnvalue));
      events.on('failed', ({ jobId, failedReason }) => hub.failed(jobId, failedReason));
      await events.waitUntilReady();
      return events;
    })();
    // A failed start (Redis away) is not cached: the next call tries again.
    resources.events.catch(() => {
      resources.events = undefined;
    });
    return resources.events;
  }

  protected queueFor(queue: string): QueueResources {
    this.assertOpen();
    let resources = this.queues.get(queue);
    if (!resources) {
      assertValidQueueName(queue);
      const bullQueue = new Queue<JobEnvelope, unknown, string>(queue, {
        connection: this.connections.producer(),
        prefix: this.prefix,
        // Otherwise every call waits for Redis for ever while it is away; this way commands
        // fail after the producer connection's few retries.
        skipWaitingForReady: true,
      });
      bullQueue.on('error', (error) => this.settings.onError(error, `queue ${queue}`));
      resources = { queue: bullQueue, hub: new JobOutcomeHub(queue, this.settings.onError) };
      this.queues.set(queue, resources);
    }
    return resources;
  }

  private assertOpen(): void {
    if (this.closing) throw new JobQueueClosedError();
  }
}

/** Our retention policy in BullMQ's terms (count 0 = remove on finish). */
function toKeepJobs(policy: RetentionPolicy): boolean | KeepJobs {
  if (policy.count === 0) return true;
  return policy.ageSeconds === undefined
    ? { count: policy.count }
    : { age: policy.ageSeconds, count: policy.count };
}
