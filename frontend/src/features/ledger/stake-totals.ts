import {
  siteTrustScore,
  type SearchResultDto,
  type SiteCommunityResponse,
  type SiteStakeTotals,
} from '@frenly/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The bamboo staked on a site in support and in concern: what trust weighs of the stakes. */
export type StakeSplit = Pick<SiteStakeTotals, 'supportTotal' | 'concernTotal'>;

/** The community figures a search result and a site's community entry both show. */
export type CommunityFigures = Partial<
  Pick<SiteCommunityResponse, 'upvotes' | 'downvotes' | 'totalStaked'>
>;

/** The newest stake totals the client has seen for a site (a stake's answer, a live stake_update). */
export interface KnownStakeTotals {
  readonly totalStaked: number;
  /** Absent when what told us the total did not carry both halves. */
  readonly split?: StakeSplit;
}

export type KnownStakeTotalsBySite = Record<number, KnownStakeTotals>;

const nothingKnown: KnownStakeTotalsBySite = {};

/**
 * Stakes are never withdrawn, so each of a site's totals only grows: of two totals, the larger
 * is the later. The search index learns of a stake from its event, a moment after the stake's
 * answer (or its live message) reached this client; a search answered in that moment carries the
 * older totals, which must not replace what the user just saw change.
 */
export const stakeTotalsSlice = createSlice({
  name: 'stakeTotals',
  initialState: nothingKnown,
  reducers: {
    stakeTotalsSeen(state, action: PayloadAction<KnownStakeTotals & { siteId: number }>) {
      const { siteId, ...totals } = action.payload;
      const known = state[siteId];
      if (known && known.totalStaked > totals.totalStaked) return;
      // The same total told again without its split: the split already known still holds.
      if (known?.totalStaked === totals.totalStaked && !totals.split) return;
      state[siteId] = totals;
    },
  },
});

export const { stakeTotalsSeen } = stakeTotalsSlice.actions;

/**
 * Writes `figures` into a search result. With the stake split, its trustScore is derived again
 * (siteTrustScore, the rule the server uses) from the result's votes and that split.
 */
export function writeSiteFigures(
  result: SearchResultDto,
  figures: CommunityFigures,
  split?: StakeSplit,
): void {
  Object.assign(result, figures);
  if (split)
    result.trustScore = siteTrustScore(
      result,
      { upvotes: result.upvotes, downvotes: result.downvotes, ...split },
      result.trustScore,
    );
}

/** Brings each result whose site's totals the client knows newer ones of up to those. */
export function keepNewestStakeTotals(
  results: SearchResultDto[],
  known: KnownStakeTotalsBySite,
): void {
  for (const result of results) {
    const totals = known[result.id];
    if (totals && totals.totalStaked > result.totalStaked)
      writeSiteFigures(result, { totalStaked: totals.totalStaked }, totals.split);
  }
}
