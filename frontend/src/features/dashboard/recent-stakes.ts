import type { StakeDto } from '@frenly/contracts';

/** Spec §9: the dashboard lists the user's 5 most recent stakes. */
export const DASHBOARD_RECENT_STAKES = 5;

export function mostRecentStakes(
  stakes: readonly StakeDto[],
  limit = DASHBOARD_RECENT_STAKES,
): StakeDto[] {
  return [...stakes]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, limit);
}
