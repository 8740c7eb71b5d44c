// Errors the job queue reports, with a code so callers (and the HTTP edge) can switch on it.

export enum JobErrorCode {
  AttemptTimedOut = 'JOB_ATTEMPT_TIMED_OUT',
  AttemptAborted = 'JOB_ATTEMPT_ABORTED',
  Failed = 'JOB_FAILED',
  WaitTimedOut = 'JOB_WAIT_TIMED_OUT',
  NotFound = 'JOB_NOT_FOUND',
  QueueClosed = 'JOB_QUEUE_CLOSED',
  InvalidOptions = 'JOB_INVALID_OPTIONS',
}

export class JobError extends Error {
  constructor(
    readonly code: JobErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** One attempt ran longer than its time limit (that attempt fails; retries may follow). */
export class JobAttemptTimeoutError extends JobError {
  constructor(readonly timeoutMs: number) {
    super(JobErrorCode.AttemptTimedOut, `Job attempt timed out after ${timeoutMs} ms`);
  }
}

/** The attempt was abandoned because its worker shut down (the job is retried if it has tries left). */
export class JobAttemptAbortedError extends JobError {
  constructor(reason: string) {
    super(JobErrorCode.AttemptAborted, `Job attempt aborted: ${reason}`);
  }
}

/** The job failed its last attempt. */
export class JobFailedError extends JobError {
  constructor(
    readonly queue: string,
    readonly jobId: string,
    readonly reason: string,
  ) {
    super(JobErrorCode.Failed, `Job ${queue}/${jobId} failed: ${reason}`);
  }
}

/** The caller stopped waiting; the job itself is not cancelled. */
export class JobWaitTimeoutError extends JobError {
  constructor(
    readonly queue: string,
    readonly jobId: string,
    readonly timeoutMs: number,
  ) {
    super(JobErrorCode.WaitTimedOut, `No result for job ${queue}/${jobId} within ${timeoutMs} ms`);
  }
}

/** Never enqueued, or finished and no longer retained. */
export class JobNotFoundError extends JobError {
  constructor(
    readonly queue: string,
    readonly jobId: string,
  ) {
    super(JobErrorCode.NotFound, `Job ${queue}/${jobId} not found`);
  }
}

export class JobQueueClosedError extends JobError {
  constructor() {
    super(JobErrorCode.QueueClosed, 'The job queue is closed');
  }
}

export class JobOptionsError extends JobError {
  constructor(message: string) {
    super(JobErrorCode.InvalidOptions, message);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
