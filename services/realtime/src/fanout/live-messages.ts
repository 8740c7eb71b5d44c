import type { StakePlacedV1, VoteCastV1 } from '@frenly/contracts';

/** Sent to every client when a site's vote counts change. */
export interface VoteUpdateMessage {
  readonly type: 'vote_update';
  readonly siteId: number;
  readonly upvotes: number;
  readonly downvotes: number;
}

/** Sent to every client when bamboo is staked on a site. */
export interface StakeUpdateMessage {
  readonly type: 'stake_update';
  readonly siteId: number;
  readonly totalStaked: number;
}

/** The only message a client may send: an application-level keepalive (browsers cannot send protocol pings). */
export interface PingMessage {
  readonly type: 'ping';
}

export interface PongMessage {
  readonly type: 'pong';
}

export type ServerMessage = VoteUpdateMessage | StakeUpdateMessage | PongMessage;

export function voteUpdateOf(event: VoteCastV1): VoteUpdateMessage {
  return {
    type: 'vote_update',
    siteId: event.siteId,
    upvotes: event.upvotes,
    downvotes: event.downvotes,
  };
}

export function stakeUpdateOf(event: StakePlacedV1): StakeUpdateMessage {
  return { type: 'stake_update', siteId: event.siteId, totalStaked: event.totalStaked };
}

/** A payload we can trust enough to forward: the fields clients read are whole numbers. */
export function hasWholeNumbers<T extends object>(
  payload: T,
  fields: ReadonlyArray<keyof T>,
): boolean {
  return fields.every((field) => Number.isSafeInteger(payload[field]));
}
