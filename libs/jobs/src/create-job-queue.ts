// Chooses the adapter from configuration: a Redis URL means BullMQ, none means in-process.
// The caller passes the URL (from its validated config); the lib never reads process.env.
import { BullMqJobQueue } from './bullmq/bullmq-job-queue.js';
import { InProcessJobQueue } from './in-process/in-process-job-queue.js';
import type { JobQueueSettings } from './job-options.js';
import type { JobQueue, JobQueueMap } from './job-queue.port.js';

export interface JobQueueConfig extends JobQueueSettings {
  /** REDIS_URL; unset or blank selects the in-process adapter. */
  redisUrl?: string | undefined;
  /** Redis key prefix (BullMQ adapter only). Default "frenly". */
  prefix?: string;
}

export function createJobQueue<M extends JobQueueMap<M>>(config: JobQueueConfig = {}): JobQueue<M> {
  const redisUrl = config.redisUrl?.trim();
  if (redisUrl) return new BullMqJobQueue<M>({ ...config, redisUrl });
  return new InProcessJobQueue<M>(config);
}
