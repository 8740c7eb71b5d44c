// Delivers the final outcome of a queue's jobs to waiters (waitForResult) and listeners
// (onCompleted/onFailed). Both adapters feed it: BullMQ from its Redis event stream,
// the in-process adapter directly.
import { JobFailedError, JobWaitTimeoutError } from './job-errors.js';
import type { JobCompletedEvent, JobFailedEvent, Unsubscribe } from './job-queue.port.js';

interface Waiter {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export interface WaitHandle {
  promise: Promise<unknown>;
  cancel(error: Error): void;
}

export class JobOutcomeHub {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly completedListeners = new Set<(event: JobCompletedEvent<unknown>) => void>();
  private readonly failedListeners = new Set<(event: JobFailedEvent) => void>();

  constructor(
    readonly queue: string,
    private readonly onListenerError: (error: Error, where: string) => void,
  ) {}

  /**
   * Registers a waiter synchronously (so an outcome delivered right after cannot be missed).
   * Its promise rejects with JobWaitTimeoutError after `timeoutMs`; `cancel` settles it early.
   */
  wait(jobId: string, timeoutMs: number): WaitHandle {
    let waiter!: Waiter;
    const promise = new Promise<unknown>((resolve, reject) => {
      const set = this.waiters.get(jobId) ?? new Set<Waiter>();
      this.waiters.set(jobId, set);
      const settle = (action: () => void): void => {
        clearTimeout(timer);
        set.delete(waiter);
        if (set.size === 0 && this.waiters.get(jobId) === set) this.waiters.delete(jobId);
        action();
      };
      waiter = {
        resolve: (result) => settle(() => resolve(result)),
        reject: (error) => settle(() => reject(error)),
      };
      const timer = setTimeout(
        () => waiter.reject(new JobWaitTimeoutError(this.queue, jobId, timeoutMs)),
        timeoutMs,
      );
      set.add(waiter);
    });
    return { promise, cancel: (error) => waiter.reject(error) };
  }

  /** Settles this job's waiters without telling listeners (e.g. a result found in the store). */
  settleWaiters(jobId: string, outcome: { result: unknown } | { error: Error }): void {
    for (const waiter of [...(this.waiters.get(jobId) ?? [])]) {
      if ('error' in outcome) waiter.reject(outcome.error);
      else waiter.resolve(outcome.result);
    }
  }

  completed(jobId: string, result: unknown): void {
    this.settleWaiters(jobId, { result });
    const event = { queue: this.queue, jobId, result };
    for (const listener of [...this.completedListeners]) this.callListener(() => listener(event));
  }

  failed(jobId: string, reason: string): void {
    this.settleWaiters(jobId, { error: new JobFailedError(this.queue, jobId, reason) });
    const event = { queue: this.queue, jobId, error: reason };
    for (const listener of [...this.failedListeners]) this.callListener(() => listener(event));
  }

  onCompleted(listener: (event: JobCompletedEvent<unknown>) => void): Unsubscribe {
    this.completedListeners.add(listener);
    return () => this.completedListeners.delete(listener);
  }

  onFailed(listener: (event: JobFailedEvent) => void): Unsubscribe {
    this.failedListeners.add(listener);
    return () => this.failedListeners.delete(listener);
  }

  rejectAllWaiters(error: Error): void {
    for (const jobId of [...this.waiters.keys()]) this.settleWaiters(jobId, { error });
  }

  private callListener(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.onListenerError(
        error instanceof Error ? error : new Error(String(error)),
        `listener of queue ${this.queue}`,
      );
    }
  }
}
