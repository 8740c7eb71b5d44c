import { QueueNames, type FrenlyQueueName } from '@frenly/jobs';
import type { FrenlyJobQueue } from '../infra/open-infrastructure.js';
import type { MetricsService } from './metrics.service.js';
import { withTimeout } from './with-timeout.js';

const SAMPLE_TIMEOUT_MS = 2_000;
const DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const OUTCOMES = ['completed', 'failed', 'retried', 'timedOut'] as const;

/**
 * Queue depth (jobs waiting, active, delayed, failed and retained; from the store, so with
 * BullMQ every process sees the same figures: aggregate with max) and the attempts this
 * process's workers finished, sampled at scrape time for every Frenly queue.
 */
export function instrumentJobQueue(queue: FrenlyJobQueue, metrics: MetricsService): void {
  const queues = Object.values(QueueNames) as FrenlyQueueName[];
  metrics.gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs in the queue store by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    async collect() {
      await Promise.all(
        queues.map(async (name) => {
          const counts = await withTimeout(queue.getCounts(name), SAMPLE_TIMEOUT_MS).catch(
            () => undefined,
          );
          // Unknown (Redis down): keep the last sample rather than fail the whole scrape.
          if (counts)
            for (const state of DEPTH_STATES) this.set({ queue: name, state }, counts[state]);
        }),
      );
    },
  });
  metrics.counter({
    name: 'jobs_processed_total',
    help: "Job attempts finished by this process's workers, by queue and outcome (completed, failed, retried, timedOut)",
    labelNames: ['queue', 'outcome'],
    collect() {
      // The queue keeps the monotonic counts; the counter mirrors them at scrape time.
      this.reset();
      for (const name of queues) {
        const stats = queue.getStats(name);
        for (const outcome of OUTCOMES) this.inc({ queue: name, outcome }, stats[outcome]);
      }
    },
  });
}
