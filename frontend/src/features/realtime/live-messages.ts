import type {
  LiveAnalysisUpdateMessage,
  LiveStakeUpdateMessage,
  LiveVoteUpdateMessage,
} from '@frenly/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/base-api';
import type { RootState } from '../../app/store';
import { analysisApi } from '../analysis/analysis.api';
import { patchSiteCounts } from '../ledger/ledger.api';

/** What the client acts on: `stake_update`'s totalStaked is optional, since results are refetched anyway. */
export type LiveMessage =
  | LiveVoteUpdateMessage
  | (Omit<LiveStakeUpdateMessage, 'totalStaked'> & { totalStaked?: number })
  | LiveAnalysisUpdateMessage
  | { type: 'pong' };

const BROWSER_STATES = new Set(['pending', 'done', 'unavailable', 'failed']);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

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
      return isCount(frame.totalStaked)
        ? { type: 'stake_update', siteId: frame.siteId, totalStaked: frame.totalStaked }
        : { type: 'stake_update', siteId: frame.siteId };
    case 'analysis_update':
      if (typeof frame.analysisId !== 'string' || !BROWSER_STATES.has(String(frame.browser)))
        return null;
      return {
        type: 'analysis_update',
        analysisId: frame.analysisId,
        browser: frame.browser as LiveAnalysisUpdateMessage['browser'],
      };
    case 'pong':
      return { type: 'pong' };
    default:
      return null;
  }
}

type Dispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/**
 * Applies a frame to the cache (spec §4): a vote patches that result's counts in place, a
 * stake refetches the results; unparseable frames are only logged (spec §8).
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
      dispatch(baseApi.util.invalidateTags(['Search', { type: 'Community', id: message.siteId }]));
      return;
    case 'analysis_update':
      // The browser tier enriched that analysis: a screen showing it fetches it again.
      dispatch(analysisApi.util.invalidateTags([{ type: 'Analysis', id: message.analysisId }]));
      return;
    case 'pong':
      return;
  }
}
