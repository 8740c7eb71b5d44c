// Admission control for on-demand analyses: one account may have only so many analyses in
// flight (queued or running). The slot lives in the job store (Redis in the distributed
// runtime, memory when embedded), so every analysis process counts the same way, and its
// lease ends on its own after the request's wait bound if the process dies holding it.
import { QueueNames, type SlotLease } from '@frenly/jobs';
import type { FrenlyJobQueue } from '@frenly/platform';
import { AnalysisError } from '../analysis.errors.js';
import type { AnalysisSettings } from '../analysis.settings.js';

/** Slack past the request's wait bound before a forgotten slot is freed. */
const LEASE_MARGIN_MS = 5_000;

/**
 * Takes one of the user's slots for this URL (asking again for a URL already in flight takes
 * no second slot), or refuses with 429 TOO_MANY_ANALYSES. `held` is the user's count in flight.
 */
export async function admitAnalysis(
  jobs: FrenlyJobQueue,
  settings: Pick<AnalysisSettings, 'maxAnalysesPerUser' | 'waitTimeoutMs'>,
  userId: string,
  url: string,
): Promise<SlotLease> {
  const lease = await jobs.acquireSlot(
    QueueNames.siteAnalysis,
    `user-${userId}`,
    url,
    settings.maxAnalysesPerUser,
    settings.waitTimeoutMs + LEASE_MARGIN_MS,
  );
  if (!lease) throw AnalysisError.tooManyAnalyses(settings.maxAnalysesPerUser);
  return lease;
}
