// Option defaults and validation shared by both adapters, so that they accept and refuse
// exactly the same things (the BullMQ rules on ids and queue names apply to both).
import { createHash, randomUUID } from 'node:crypto';
import { JobOptionsError } from './job-errors.js';
import type { EnqueueOptions, ProcessOptions } from './job-queue.port.js';
import type { SlotClaim } from './slots/slot-store.js';

/** How many finished jobs stay in the store (and so keep their id taken). */
export interface RetentionPolicy {
  /** Keep at most this many, newest first; 0 removes a job as soon as it finishes. */
  count: number;
  /** Also drop those finished more than this long ago (checked when another job finishes). */
  ageSeconds?: number;
}

export interface JobDefaults {
  attempts: number;
  backoffMs: number;
}

export interface JobQueueSettings {
  /** Applied when enqueue() does not say otherwise. */
  defaults?: Partial<JobDefaults>;
  /** Default: the newest 1,000 completed jobs, for at most an hour. */
  keepCompleted?: RetentionPolicy;
  /** Default: none, so a job that failed for good can be enqueued again under its id. */
  keepFailed?: RetentionPolicy;
  /** Errors that belong to no caller (connection drops, event stream errors). Default: console.error. */
  onError?: (error: Error, where: string) => void;
}

export interface ResolvedSettings {
  defaults: JobDefaults;
  keepCompleted: RetentionPolicy;
  keepFailed: RetentionPolicy;
  onError: (error: Error, where: string) => void;
}

export interface ResolvedJobOptions {
  jobId: string;
  isCustomId: boolean;
  attempts: number;
  backoffMs: number;
  timeoutMs: number | undefined;
  priority: number;
  groups: Record<string, string>;
}

export const DEFAULT_JOB_DEFAULTS: JobDefaults = { attempts: 1, backoffMs: 1000 };
export const DEFAULT_KEEP_COMPLETED: RetentionPolicy = { count: 1000, ageSeconds: 3600 };
export const DEFAULT_KEEP_FAILED: RetentionPolicy = { count: 0 };
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;
/** BullMQ's highest priority number (the lowest priority). */
export const MAX_PRIORITY = 2_097_151;
export const DEFAULT_GROUP_RETRY_MS = 250;
const DEFAULT_GROUP_LEASE_MS = 5 * 60_000;
const GROUP_LEASE_MARGIN_MS = 5_000;

export function resolveSettings(settings: JobQueueSettings = {}): ResolvedSettings {
  const defaults = { ...DEFAULT_JOB_DEFAULTS, ...settings.defaults };
  assertPositiveInteger('defaults.attempts', defaults.attempts);
  assertNonNegativeInteger('defaults.backoffMs', defaults.backoffMs);
  const keepCompleted = settings.keepCompleted ?? DEFAULT_KEEP_COMPLETED;
  const keepFailed = settings.keepFailed ?? DEFAULT_KEEP_FAILED;
  assertRetention('keepCompleted', keepCompleted);
  assertRetention('keepFailed', keepFailed);
  return {
    defaults,
    keepCompleted,
    keepFailed,
    onError:
      settings.onError ?? ((error, where) => console.error(`[@frenly/jobs] ${where}:`, error)),
  };
}

export function resolveEnqueueOptions(
  options: EnqueueOptions = {},
  defaults: JobDefaults,
): ResolvedJobOptions {
  const attempts = options.attempts ?? defaults.attempts;
  const backoffMs = options.backoffMs ?? defaults.backoffMs;
  assertPositiveInteger('attempts', attempts);
  assertNonNegativeInteger('backoffMs', backoffMs);
  if (options.timeoutMs !== undefined) assertPositiveInteger('timeoutMs', options.timeoutMs);
  if (options.jobId !== undefined) assertValidJobId(options.jobId);
  const priority = options.priority ?? 0;
  if (!Number.isInteger(priority) || priority < 0 || priority > MAX_PRIORITY)
    throw new JobOptionsError(
      `priority must be an integer from 0 to ${MAX_PRIORITY} (got ${priority})`,
    );
  const groups = { ...options.groups };
  for (const [kind, value] of Object.entries(groups)) {
    if (typeof value !== 'string' || value.length === 0)
      throw new JobOptionsError(`group ${kind} must be a non-empty string`);
  }
  return {
    jobId: options.jobId ?? randomUUID(),
    isCustomId: options.jobId !== undefined,
    attempts,
    backoffMs,
    timeoutMs: options.timeoutMs,
    priority,
    groups,
  };
}

export interface ResolvedProcessOptions {
  concurrency: number;
  timeoutMs: number | undefined;
  groupLimits: Record<string, number>;
  groupRetryMs: number;
}

export function resolveProcessOptions(options: ProcessOptions = {}): ResolvedProcessOptions {
  const concurrency = options.concurrency ?? 1;
  assertPositiveInteger('concurrency', concurrency);
  if (options.timeoutMs !== undefined) assertPositiveInteger('timeoutMs', options.timeoutMs);
  const groupLimits = { ...options.groupLimits };
  for (const [kind, limit] of Object.entries(groupLimits))
    assertPositiveInteger(`groupLimits.${kind}`, limit);
  const groupRetryMs = options.groupRetryMs ?? DEFAULT_GROUP_RETRY_MS;
  assertPositiveInteger('groupRetryMs', groupRetryMs);
  return { concurrency, timeoutMs: options.timeoutMs, groupLimits, groupRetryMs };
}

/** The slot claims of a job under a worker's group limits (kinds the worker does not limit are free). */
export function groupClaims(
  groups: Record<string, string> | undefined,
  limits: Record<string, number>,
): SlotClaim[] {
  return Object.entries(groups ?? {})
    .filter(([kind]) => limits[kind] !== undefined)
    .map(([kind, value]) => ({ scope: `active:${kind}=${value}`, limit: limits[kind]! }));
}

/**
 * How long a running job holds its group slots if its worker dies without releasing them: the
 * attempt's time limit plus a margin, or a bound when the job has none.
 */
export function groupLeaseMs(timeoutMs: number | undefined): number {
  return (timeoutMs ?? DEFAULT_GROUP_LEASE_MS) + GROUP_LEASE_MARGIN_MS;
}

/** Delay before the next try after `failures` failed tries: BullMQ's 'exponential' strategy. */
export function backoffDelayMs(baseMs: number, failures: number): number {
  if (baseMs <= 0) return 0;
  return Math.round(2 ** (failures - 1) * baseMs);
}

/** BullMQ refuses ':' in queue names (it separates key parts). */
export function assertValidQueueName(queue: string): void {
  if (queue.length === 0) throw new JobOptionsError('Queue name must not be empty');
  if (queue.includes(':'))
    throw new JobOptionsError(`Queue name must not contain ':' (got "${queue}")`);
}

/** BullMQ refuses custom ids that are integers (they collide with its own ids) or contain ':'. */
export function assertValidJobId(jobId: string): void {
  if (jobId.length === 0) throw new JobOptionsError('jobId must not be empty');
  if (`${parseInt(jobId, 10)}` === jobId)
    throw new JobOptionsError(`jobId must not be an integer (got "${jobId}")`);
  if (jobId.includes(':'))
    throw new JobOptionsError(`jobId must not contain ':' (got "${jobId}"); see stableJobId()`);
}

/**
 * A valid, stable de-duplication id for any key (a URL, say): the same key gives the same id.
 * `stableJobId('analyze', url)` -> "analyze-<40 hex chars>".
 */
export function stableJobId(namespace: string, key: string): string {
  const safeNamespace = namespace.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `${safeNamespace}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

/**
 * Payloads and results cross Redis as JSON with BullMQ; the in-process adapter applies the same
 * round trip so that a Date becomes a string and `undefined` becomes null in both.
 */
export function jsonRoundTrip<T>(value: T): T {
  const text = JSON.stringify(value);
  return (text === undefined ? null : JSON.parse(text)) as T;
}

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1)
    throw new JobOptionsError(`${name} must be a positive integer (got ${value})`);
}

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0)
    throw new JobOptionsError(`${name} must be an integer >= 0 (got ${value})`);
}

function assertRetention(name: string, policy: RetentionPolicy): void {
  assertNonNegativeInteger(`${name}.count`, policy.count);
  if (policy.ageSeconds !== undefined) {
    if (!Number.isInteger(policy.ageSeconds) || policy.ageSeconds < 1) {
      throw new JobOptionsError(
        `${name}.ageSeconds must be a positive integer (got ${policy.ageSeconds})`,
      );
    }
  }
}
