// The job-queue port: what services use to enqueue work, process it and wait for results.
// Two adapters implement it with the same semantics (see README.md, "Semantics"):
// BullMQ on Redis (distributed runtime) and in-process (embedded single-process runtime).

/** Payload and result types of one queue. */
export interface JobSpec<TPayload = unknown, TResult = unknown> {
  payload: TPayload;
  result: TResult;
}

/**
 * A map from queue name to its job types, e.g.
 * `interface MyQueues { 'site-analysis': JobSpec<{ url: string }, { analysisId: string }> }`.
 * Written as a self-referencing constraint so that plain interfaces qualify.
 */
export type JobQueueMap<M> = { [K in keyof M]: JobSpec<unknown, unknown> };

export type QueueName<M> = keyof M & string;
export type PayloadOf<M extends JobQueueMap<M>, N extends QueueName<M>> = M[N]['payload'];
export type ResultOf<M extends JobQueueMap<M>, N extends QueueName<M>> = M[N]['result'];

export interface EnqueueOptions {
  /**
   * De-duplication key. A job id that is waiting, delayed (incl. between retries), active,
   * or completed and still retained is not run again: the existing job is returned.
   * Defaults to a fresh random id.
   */
  jobId?: string;
  /** Total number of tries (1 = no retry). */
  attempts?: number;
  /** Base delay of the exponential backoff between tries: base * 2^(failures - 1). 0 = retry at once. */
  backoffMs?: number;
  /** Time limit of one attempt; overrides the worker's `timeoutMs`. */
  timeoutMs?: number;
  /**
   * 1 runs first, up to 2,097,151 (BullMQ's range); FIFO among equal priorities. A job without
   * one (or 0) runs before every prioritised job, as in BullMQ.
   */
  priority?: number;
  /**
   * Fairness groups of the job, kind -> value (e.g. `{ user: 'u1', host: 'example.com' }`).
   * A worker with `groupLimits` runs at most that many jobs of one value at once, across
   * every worker of the queue (every process, with BullMQ); the others wait their turn.
   */
  groups?: Record<string, string>;
}

export interface EnqueuedJob {
  jobId: string;
  /** false when the id was already taken (de-duplicated): nothing new was queued. */
  isNew: boolean;
}

export interface EnqueueAndWaitOptions extends EnqueueOptions {
  /** How long to wait for the result; the job itself keeps running after this. */
  waitTimeoutMs: number;
}

/** What a processor receives besides its payload. */
export interface JobContext {
  queue: string;
  jobId: string;
  /** 1-based number of this try. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the attempt times out or the worker shuts down: pass it to fetch() etc. */
  signal: AbortSignal;
}

export type JobHandler<TPayload, TResult> = (
  payload: TPayload,
  context: JobContext,
) => Promise<TResult>;

export interface ProcessOptions {
  /** Maximum number of jobs this worker runs at the same time (default 1). */
  concurrency?: number;
  /** Default time limit of one attempt for this queue's jobs (none if unset). */
  timeoutMs?: number;
  /**
   * Group kind -> most jobs of one value running at once (e.g. `{ user: 1, host: 2 }`); a job
   * whose group is full is held back and later jobs of other groups run first.
   */
  groupLimits?: Record<string, number>;
  /** BullMQ: how soon a job held back by a full group is offered again (default 250 ms). */
  groupRetryMs?: number;
}

/** A slot held by `acquireSlot`; expires on its own after the lease if never released. */
export interface SlotLease {
  /** Holders of the scope now, this one included (1 = the only one). */
  held: number;
  release(): Promise<void>;
}

export interface CloseOptions {
  /** How long to wait for running jobs before aborting them (default 10 s). */
  timeoutMs?: number;
}

export interface CloseResult {
  /** true when every running job finished within the bound. */
  drained: boolean;
}

/** A running worker; closing it waits for its running jobs up to the bound. */
export interface JobWorker {
  readonly queue: string;
  close(options?: CloseOptions): Promise<CloseResult>;
}

/** Jobs in the store right now. `completed`/`failed` count retained records only. */
export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

/** Monotonic counters of attempts processed by this process's workers (for metrics). */
export interface WorkerStats {
  completed: number;
  /** Jobs that failed their last attempt. */
  failed: number;
  /** Failed attempts that will be retried. */
  retried: number;
  /** Attempts that hit their time limit (also counted in failed or retried). */
  timedOut: number;
}

export interface JobCompletedEvent<TResult> {
  queue: string;
  jobId: string;
  result: TResult;
}

export interface JobFailedEvent {
  queue: string;
  jobId: string;
  /** The last attempt's error message. */
  error: string;
}

export type Unsubscribe = () => void;

export type JobQueueKind = 'bullmq' | 'in-process';

export interface JobQueue<M extends JobQueueMap<M>> {
  readonly kind: JobQueueKind;

  enqueue<N extends QueueName<M>>(
    queue: N,
    payload: PayloadOf<M, N>,
    options?: EnqueueOptions,
  ): Promise<EnqueuedJob>;

  /**
   * Resolves with the job's result, rejects with JobFailedError when it failed for good,
   * JobWaitTimeoutError after `timeoutMs`, JobNotFoundError when no such job is known.
   */
  waitForResult<N extends QueueName<M>>(
    queue: N,
    jobId: string,
    timeoutMs: number,
  ): Promise<ResultOf<M, N>>;

  /** enqueue + waitForResult without a gap in which the outcome could be missed. */
  enqueueAndWait<N extends QueueName<M>>(
    queue: N,
    payload: PayloadOf<M, N>,
    options: EnqueueAndWaitOptions,
  ): Promise<ResultOf<M, N>>;

  /**
   * Starts a worker for `queue` (with BullMQ it connects in the background, so a missing Redis
   * does not block boot: isReady() tells). Jobs enqueued before any worker exists wait for one.
   */
  process<N extends QueueName<M>>(
    queue: N,
    handler: JobHandler<PayloadOf<M, N>, ResultOf<M, N>>,
    options?: ProcessOptions,
  ): Promise<JobWorker>;

  /** Final outcomes of `queue`'s jobs, from any worker (any process, with BullMQ). */
  onCompleted<N extends QueueName<M>>(
    queue: N,
    listener: (event: JobCompletedEvent<ResultOf<M, N>>) => void,
  ): Promise<Unsubscribe>;
  onFailed<N extends QueueName<M>>(
    queue: N,
    listener: (event: JobFailedEvent) => void,
  ): Promise<Unsubscribe>;

  getCounts(queue: QueueName<M>): Promise<QueueCounts>;
  getStats(queue: QueueName<M>): WorkerStats;

  /**
   * Admission control shared by every process on the same store (Redis with BullMQ): takes one
   * of at most `limit` slots of `scope` for `holder`, or answers undefined when all are taken.
   * The lease bounds how long a crashed holder keeps its slot.
   */
  acquireSlot(
    queue: QueueName<M>,
    scope: string,
    holder: string,
    limit: number,
    leaseMs: number,
  ): Promise<SlotLease | undefined>;

  /** true when jobs can be enqueued now (Redis answers a PING; in-process: not closed). */
  isReady(): Promise<boolean>;

  /** Closes workers (waiting for running jobs up to the bound), then connections. */
  close(options?: CloseOptions): Promise<CloseResult>;
}
