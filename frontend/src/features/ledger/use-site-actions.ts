import type { VoteResponse, VoteType } from '@frenly/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useState } from 'react';
import { reportMutationFailure } from '../../lib/mutation-errors';
import { useAuth } from '../auth/use-auth';
import { toast } from '../toasts/toast-store';
import type { StakeTarget } from './components/stake-dialog';
import { useMyVotesQuery, useVoteMutation } from './ledger.api';
import { SIGN_IN_TO_STAKE_TOAST, SIGN_IN_TO_VOTE_TOAST, VOTE_FAILED_TOAST } from './stake-rules';

/** Opens the stake dialog for a signed-in user; a visitor gets the sign-in toast instead. */
export function useStakeAction() {
  const { isSignedIn } = useAuth();
  const [stakeTarget, setStakeTarget] = useState<StakeTarget | null>(null);
  const openStake = useCallback(
    (site: StakeTarget) => {
      if (!isSignedIn) {
        toast(SIGN_IN_TO_STAKE_TOAST);
        return;
      }
      setStakeTarget(site);
    },
    [isSignedIn],
  );
  const onStakeDialogChange = useCallback((open: boolean) => {
    if (!open) setStakeTarget(null);
  }, []);
  return { stakeTarget, openStake, onStakeDialogChange };
}

/** Casts a vote; visitors get the sign-in toast, failures their toast (spec §8). */
export function useVoteAction() {
  const { isSignedIn } = useAuth();
  const [vote, { isLoading }] = useVoteMutation();
  const castVote = useCallback(
    async (siteId: number, type: VoteType): Promise<VoteResponse | null> => {
      if (!isSignedIn) {
        toast(SIGN_IN_TO_VOTE_TOAST);
        return null;
      }
      try {
        return await vote({ siteId, type }).unwrap();
      } catch (error) {
        console.error('Failed to vote', error);
        reportMutationFailure(error, VOTE_FAILED_TOAST);
        return null;
      }
    },
    [isSignedIn, vote],
  );
  return { castVote, isVoting: isLoading };
}

/**
 * How the signed-in user voted on each of these sites (undefined for visitors, who have no
 * vote to show): the vote buttons' pressed state.
 */
export function useMyVotes(siteIds: readonly number[]): Record<string, VoteType> | undefined {
  const { isSignedIn } = useAuth();
  const key = [...new Set(siteIds)].sort((a, b) => a - b).join(',');
  const { data } = useMyVotesQuery(isSignedIn && key !== '' ? key : skipToken);
  return isSignedIn ? (data?.votes ?? {}) : undefined;
}
