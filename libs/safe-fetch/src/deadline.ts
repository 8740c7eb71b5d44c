import { performance } from 'node:perf_hooks';
import { SafeFetchError, SafeFetchErrorCode } from './safe-fetch-error.js';

/**
 * One time budget for a whole fetch (DNS, connect, TLS, headers, body, every redirect), plus the
 * caller's AbortSignal. Whatever is in flight listens to `signal` and stops with `reason`.
 */
export class Deadline {
  readonly startedAt = performance.now();
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private failure: SafeFetchError | null = null;
  private readonly onCallerAbort = (): void =>
    this.end(new SafeFetchError(SafeFetchErrorCode.Aborted, 'The fetch was aborted by the caller'));

  constructor(
    readonly timeoutMs: number,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.timer = setTimeout(
      () =>
        this.end(new SafeFetchError(SafeFetchErrorCode.Timeout, `Timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    if (callerSignal?.aborted) this.onCallerAbort();
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why the fetch had to stop (timeout or caller abort), or null while time remains. */
  get reason(): SafeFetchError | null {
    return this.failure;
  }

  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  /** Settles like `promise`, or rejects with the reason as soon as the deadline passes. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      const stop = (): void => reject(this.failure ?? new Error('aborted'));
      this.signal.addEventListener('abort', stop, { once: true });
      promise.then(
        (value) => {
          this.signal.removeEventListener('abort', stop);
          resolve(value);
        },
        (error: unknown) => {
          this.signal.removeEventListener('abort', stop);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private end(reason: SafeFetchError): void {
    if (this.failure) return;
    this.failure = reason;
    clearTimeout(this.timer);
    this.controller.abort(reason);
  }
}
