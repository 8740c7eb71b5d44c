import type { VoteType } from '@frenly/contracts';

export type VoteChange = 'added' | 'removed' | 'switched';

export interface VoteTransition {
  /** The user's vote after the change (null: no vote). */
  readonly next: VoteType | null;
  readonly upDelta: number;
  readonly downDelta: number;
  readonly change: VoteChange;
}

/** One vote per user per site: a new vote counts, the same vote again removes it, the other one switches it. */
export function voteTransition(current: VoteType | null, requested: VoteType): VoteTransition {
  const delta = (vote: VoteType, by: number) =>
    vote === 'up' ? { upDelta: by, downDelta: 0 } : { upDelta: 0, downDelta: by };
  if (current === null) return { next: requested, ...delta(requested, 1), change: 'added' };
  if (current === requested) return { next: null, ...delta(requested, -1), change: 'removed' };
  return {
    next: requested,
    upDelta: requested === 'up' ? 1 : -1,
    downDelta: requested === 'down' ? 1 : -1,
    change: 'switched',
  };
}
