// Which finished jobs to drop, by BullMQ's rule (moveToFinished.lua): when a job finishes,
// first those finished at or before now - age, then all but the newest `count`.
import type { RetentionPolicy } from './job-options.js';

export interface FinishedEntry {
  jobId: string;
  finishedAt: number;
}

/** `finished` is in finishing order, oldest first, and includes the job that just finished. */
export function jobsToEvict(
  finished: readonly FinishedEntry[],
  policy: RetentionPolicy,
  now: number,
): string[] {
  const evicted = new Set<string>();
  if (policy.ageSeconds !== undefined) {
    const cutoff = now - policy.ageSeconds * 1000;
    for (const entry of finished) if (entry.finishedAt <= cutoff) evicted.add(entry.jobId);
  }
  const remaining = finished.filter((entry) => !evicted.has(entry.jobId));
  const excess = remaining.length - policy.count;
  for (let i = 0; i < excess; i++) evicted.add(remaining[i]!.jobId);
  return [...evicted];
}
