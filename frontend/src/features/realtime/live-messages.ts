import type {
  AnalysisData,
  LiveAnalysisUpdateMessage,
  LiveSiteInsightsUpdateMessage,
  LiveStakeUpdateMessage,
  LiveVoteUpdateMessage,
} from '@frenly/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/base-api';
import type { RootState } from '../../app/store';
import { analysisApi } from '../analysis/analysis.api';
import { patchSiteCounts, patchSiteStake } from '../ledger/ledger.api';
import { searchApi } from '../search/search.api';

/**
 * What the client acts on: `stake_update`'s totals are optional, since results are refetched
 * anyway (the support/concern split only counts when both halves are there).
 */
export type LiveMessage =
  | LiveVoteUpdateMessage
  | (Pick<LiveStakeUpdateMessage, 'type' | 'siteId'> &
      Partial<Pick<LiveStakeUpdateMessage, 'totalStaked' | 'supportTotal' | 'concernTotal'>>)
  | LiveAnalysisUpdateMessage
  | LiveSiteInsightsUpdateMessage
  | { type: 'pong' };

const BROWSER_STATES = new Set(['pending', 'done', 'unavailable', 'failed']);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const TRUST_SCORES = new Set(['high', 'medium', 'low']);
const TIERS = new Set(['html', 'browser']);

const isWholeCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * A `site_insights_update` only when every field is what the contract says: a card shows these
 * figures as the analysis' own, so a frame that is half there is not half shown.
 */
function parseSiteInsights(frame: Record<string, unknown>): LiveSiteInsightsUpdateMessage | null {
  const { siteId, url, domain, frenlinessScore, trustScore, trackers, darkPatterns } = frame;
  const { analysedAt, tier } = frame;
  if (siteId !== null && !(isWholeCount(siteId) && siteId > 0)) return null;
  if (typeof url !== 'string' || url === '' || typeof domain !== 'string' || domain === '')
    return null;
  if (!isCount(frenlinessScore) || frenlinessScore < 0 || frenlinessScore > 100) return null;
  if (typeof trustScore !== 'string' || !TRUST_SCORES.has(trustScore)) return null;
  if (!isWholeCount(trackers)) return null;
  if (!Array.isArray(darkPatterns) || !darkPatterns.every((name) => typeof name === 'string'))
    return null;
  if (typeof analysedAt !== 'string' || Number.isNaN(Date.parse(analysedAt))) return null;
  if (typeof tier !== 'string' || !TIERS.has(tier)) return null;
  return {
    type: 'site_insights_update',
    siteId,
    url,
    domain,
    frenlinessScore,
    trustScore: trustScore as LiveSiteInsightsUpdateMessage['trustScore'],
    trackers,
    darkPatterns,
    analysedAt,
    tier: tier as LiveSiteInsightsUpdateMessage['tier'],
  };
}

/** Reads one socket frame; null for anything unparseable, unknown or incomplete. */
export function parseLiveMessage(raw: unknown): LiveMessage | null {
  if (typeof raw !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const frame = parsed as Record<string, unknown>;
  switch (frame.type) {
    case 'vote_update':
      if (!isCount(frame.siteId) || !isCount(frame.upvotes) || !isCount(frame.downvotes))
        return null;
      return {
        type: 'vote_update',
        siteId: frame.siteId,
        upvotes: frame.upvotes,
        downvotes: frame.downvotes,
      };
    case 'stake_update':
      if (!isCount(frame.siteId)) return null;
      return {
        type: 'stake_update',
        siteId: frame.siteId,
        ...(isCount(frame.totalStaked) ? { totalStaked: frame.totalStaked } : {}),
        ...(isCount(frame.supportTotal) && isCount(frame.concernTotal)
          ? { supportTotal: frame.supportTotal, concernTotal: frame.concernTotal }
          : {}),
      };
    case 'analysis_update':
      if (typeof frame.analysisId !== 'string' || !BROWSER_STATES.has(String(frame.browser)))
        return null;
      return {
        type: 'analysis_update',
        analysisId: frame.analysisId,
        browser: frame.browser as LiveAnalysisUpdateMessage['browser'],
      };
    case 'site_insights_update':
      return parseSiteInsights(frame);
    case 'pong':
      return { type: 'pong' };
    default:
      return null;
  }
}

type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/**
 * Replaces the insight fields of the results showing that site (by id, else by URL) in every
 * cached search page, in place. The findings become the card's analysis data, so its summary
 * line reads from what this analysis found rather than an older one.
 */
export function patchSiteInsights(
  dispatch: Dispatch,
  getState: () => RootState,
  message: LiveSiteInsightsUpdateMessage,
): void {
  // Without an id the message names the site by its address: an inner page's result carries it as siteUrl.
  const shows = (result: { id: number; siteUrl: string }) =>
    message.siteId !== null ? result.id === message.siteId : result.siteUrl === message.url;
  const analysisData: AnalysisData = {
    frenliness: { reasoning: '', improvements: [], manipulativePatterns: message.darkPatterns },
    ux: { details: { strengths: [] } },
    trackers: message.trackers,
  };
  for (const args of searchApi.util.selectCachedArgsForQuery(getState(), 'search')) {
    dispatch(
      searchApi.util.updateQueryData('search', args, (draft) => {
        for (const result of draft.results) {
          if (!shows(result)) continue;
          result.frenlinessScore = message.frenlinessScore;
          result.trustScore = message.trustScore;
          result.analyzedAt = message.analysedAt;
          result.insight = { state: 'analysed' };
          result.analysisData = analysisData;
        }
      }),
    );
  }
}

/**
 * Applies a frame to the cache (spec §4): a vote patches that result's counts in place, a
 * stake patches the total staked and refetches the results, an analysis that landed patches the
 * card's insights in place; unparseable frames are only logged (spec §8).
 */
export function applyLiveMessage(
  raw: unknown,
  dispatch: Dispatch,
  getState: () => RootState,
): void {
  const message = parseLiveMessage(raw);
  if (!message) {
    console.warn('Ignoring an unparseable live message:', raw);
    return;
  }
  switch (message.type) {
    case 'vote_update':
      patchSiteCounts(dispatch, getState, message.siteId, message);
      return;
    case 'stake_update':
      // The new total, and the trust it makes, show at once; the refetch brings the rest.
      if (message.totalStaked !== undefined)
        patchSiteStake(
          dispatch,
          getState,
          message.siteId,
          message.totalStaked,
          message.supportTotal !== undefined && message.concernTotal !== undefined
            ? { supportTotal: message.supportTotal, concernTotal: message.concernTotal }
            : undefined,
        );
      dispatch(baseApi.util.invalidateTags(['Search', { type: 'Community', id: message.siteId }]));
      return;
    case 'site_insights_update':
      patchSiteInsights(dispatch, getState, message);
      return;
    case 'analysis_update':
      // The browser tier enriched that analysis: a screen showing it fetches it again.
      dispatch(analysisApi.util.invalidateTags([{ type: 'Analysis', id: message.analysisId }]));
      return;
    case 'pong':
      return;
  }
}
