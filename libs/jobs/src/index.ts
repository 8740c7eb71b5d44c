export * from './job-queue.port.js';
export * from './job-errors.js';
export {
  stableJobId,
  DEFAULT_JOB_DEFAULTS,
  DEFAULT_KEEP_COMPLETED,
  DEFAULT_KEEP_FAILED,
  type JobDefaults,
  type JobQueueSettings,
  type RetentionPolicy,
} from './job-options.js';
export * from './queue-names.js';
export { createJobQueue, type JobQueueConfig } from './create-job-queue.js';
export { InProcessJobQueue } from './in-process/in-process-job-queue.js';
export { BullMqJobQueue, type BullMqJobQueueConfig } from './bullmq/bullmq-job-queue.js';
