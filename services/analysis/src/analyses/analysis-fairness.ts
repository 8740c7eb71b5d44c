// How an analysis job is scheduled among others, in both runtimes: a user's k-th analysis in
// flight gets priority k (so each user's first runs before anyone's second: round-robin by
// rank), background work comes after every user's, and the groups let the worker cap how many
// analyses of one user and of one host run at once.
import type { EnqueueOptions } from '@frenly/jobs';

/** After any analysis a user asked for (users are admitted far fewer than this many). */
export const BACKGROUND_PRIORITY = 1_000;

export type AnalysisRequester =
  | { readonly kind: 'user'; readonly userId: string; readonly inFlight: number }
  | { readonly kind: 'background' };

export function analysisFairness(
  url: string,
  requester: AnalysisRequester,
): Required<Pick<EnqueueOptions, 'priority' | 'groups'>> {
  const host = new URL(url).hostname;
  if (requester.kind === 'background')
    return { priority: BACKGROUND_PRIORITY, groups: { user: 'background', host } };
  return {
    priority: Math.min(Math.max(requester.inFlight, 1), BACKGROUND_PRIORITY - 1),
    // Prefixed so that no user id can share the background's group.
    groups: { user: `user-${requester.userId}`, host },
  };
}

/** The worker's group limits for those groups. */
export function analysisGroupLimits(settings: {
  readonly maxRunningPerUser: number;
  readonly maxRunningPerHost: number;
}): Record<string, number> {
  return { user: settings.maxRunningPerUser, host: settings.maxRunningPerHost };
}
