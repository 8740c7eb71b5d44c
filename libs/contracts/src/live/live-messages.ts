import type { LiveAnalysisUpdateMessage } from './analysis-update.js';

export type { LiveAnalysisUpdateMessage } from './analysis-update.js';

import type { LiveSiteInsightsUpdateMessage } from './site-insights-update.js';

export type { LiveSiteInsightsUpdateMessage };

/** Path of the live socket (`wss` when the page is https). Only signed-in clients connect. */
export const LIVE_SOCKET_PATH = '/ws';

/** Server -> client: a site's vote counts changed (new totals, not a delta). */
export interface LiveVoteUpdateMessage {
  type: 'vote_update';
  siteId: number;
  upvotes: number;
  downvotes: number;
}

/**
 * Server -> client: bamboo was staked on a site; clients refresh what they show of it. The
 * support and concern totals let a client derive the site's trustScore again at once
 * (siteTrustScore), before any refetch.
 */
export interface LiveStakeUpdateMessage {
  type: 'stake_update';
  siteId: number;
  totalStaked: number;
  supportTotal: number;
  concernTotal: number;
}

/** Client -> server keepalive, and the server's answer. */
export interface LivePingMessage {
  type: 'ping';
}
export interface LivePongMessage {
  type: 'pong';
}

export type LiveServerMessage =
  | LiveVoteUpdateMessage
  | LiveStakeUpdateMessage
  | LivePongMessage
  | LiveSiteInsightsUpdateMessage
  | LiveAnalysisUpdateMessage;
