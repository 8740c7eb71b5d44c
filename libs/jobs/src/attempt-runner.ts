// Runs one attempt of a job: the handler gets an AbortSignal, and the attempt fails when it
// exceeds its time limit or its worker aborts it. BullMQ has no per-job timeout, so both
// adapters enforce it here, in the same way.
import { JobAttemptAbortedError, JobAttemptTimeoutError, errorMessage } from './job-errors.js';
import type { JobContext, JobHandler } from './job-queue.port.js';

export interface AttemptRequest<TPayload, TResult> {
  handler: JobHandler<TPayload, TResult>;
  payload: TPayload;
  context: Omit<JobContext, 'signal'>;
  /** No limit when undefined. */
  timeoutMs: number | undefined;
  /** Aborting it (worker shutdown) fails the attempt at once. */
  abortSignal?: AbortSignal;
}

/**
 * Resolves with the handler's result, or rejects with its error, a JobAttemptTimeoutError or a
 * JobAttemptAbortedError. On timeout/abort the handler's signal is aborted; a handler that
 * ignores it keeps running in the background, but its outcome is ignored.
 */
export async function runAttempt<TPayload, TResult>(
  request: AttemptRequest<TPayload, TResult>,
): Promise<TResult> {
  const { handler, payload, context, timeoutMs, abortSignal } = request;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let removeAbortListener = (): void => {};

  const interrupted = new Promise<never>((_, reject) => {
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const error = new JobAttemptTimeoutError(timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    }
    if (abortSignal) {
      const onAbort = (): void => {
        const error = new JobAttemptAbortedError(errorMessage(abortSignal.reason ?? 'aborted'));
        controller.abort(error);
        reject(error);
      };
      if (abortSignal.aborted) onAbort();
      else {
        abortSignal.addEventListener('abort', onAbort, { once: true });
        removeAbortListener = () => abortSignal.removeEventListener('abort', onAbort);
      }
    }
  });

  // Promise.resolve().then(...) turns a synchronous throw into a rejection.
  const work = Promise.resolve().then(() =>
    handler(payload, { ...context, signal: controller.signal }),
  );
  try {
    return await Promise.race([work, interrupted]);
  } finally {
    clearTimeout(timer);
    removeAbortListener();
    // Whichever side lost the race may still reject later: nobody is listening any more.
    work.catch(() => undefined);
    interrupted.catch(() => undefined);
  }
}
