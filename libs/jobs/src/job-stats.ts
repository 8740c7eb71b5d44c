// Monotonic per-queue counters of what this process's workers did, for metrics.
import { JobAttemptTimeoutError } from './job-errors.js';
import type { WorkerStats } from './job-queue.port.js';

export class JobStatsRegistry {
  private readonly byQueue = new Map<string, WorkerStats>();

  recordCompleted(queue: string): void {
    this.of(queue).completed += 1;
  }

  /** `final`: the job has no tries left. */
  recordFailedAttempt(queue: string, error: unknown, final: boolean): void {
    const stats = this.of(queue);
    if (final) stats.failed += 1;
    else stats.retried += 1;
    if (error instanceof JobAttemptTimeoutError) stats.timedOut += 1;
  }

  snapshot(queue: string): WorkerStats {
    return { ...this.of(queue) };
  }

  private of(queue: string): WorkerStats {
    let stats = this.byQueue.get(queue);
    if (!stats) {
      stats = { completed: 0, failed: 0, retried: 0, timedOut: 0 };
      this.byQueue.set(queue, stats);
    }
    return stats;
  }
}
