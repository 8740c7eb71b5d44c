import type {
  LiveStakeUpdateMessage,
  LiveVoteUpdateMessage,
  StakePlacedV1,
  VoteCastV1,
} from '@frenly/contracts';

export function voteUpdateOf(event: VoteCastV1): LiveVoteUpdateMessage {
  return {
    type: 'vote_update',
    siteId: event.siteId,
    upvotes: event.upvotes,
    downvotes: event.downvotes,
  };
}

export function stakeUpdateOf(event: StakePlacedV1): LiveStakeUpdateMessage {
  return {
    type: 'stake_update',
    siteId: event.siteId,
    totalStaked: event.totalStaked,
    supportTotal: event.supportTotal,
    concernTotal: event.concernTotal,
  };
}

/** A payload we can trust enough to forward: the fields clients read are whole numbers. */
export function hasWholeNumbers<T extends object>(
  payload: T,
  fields: ReadonlyArray<keyof T>,
): boolean {
  return fields.every((field) => Number.isSafeInteger(payload[field]));
}
