import {
  IDEMPOTENCY_KEY_HEADER,
  siteTrustScore,
  type MyVotesResponse,
  type SiteCommunityResponse,
  type StakeCreateRequest,
  type StakeCreateResponse,
  type StakeDto,
  type VoteResponse,
  type VoteType,
} from '@frenly/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/base-api';
import type { RootState } from '../../app/store';
import { searchApi } from '../search/search.api';

export interface PlaceStakeArgs {
  body: StakeCreateRequest;
  /** One key per stake attempt, so that a retried request never charges twice. */
  idempotencyKey: string;
}

export interface VoteArgs {
  siteId: number;
  type: VoteType;
}

export const ledgerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    userStakes: build.query<StakeDto[], void>({
      query: () => '/api/stakes/user',
      providesTags: ['Stakes'],
    }),
    siteCommunity: build.query<SiteCommunityResponse, number>({
      query: (siteId) => `/api/sites/${siteId}/community`,
      providesTags: (_result, _error, siteId) => [{ type: 'Community', id: siteId }],
    }),
    placeStake: build.mutation<StakeCreateResponse, PlaceStakeArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: '/api/stakes',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      // Spec §4: after a stake, the user's stakes, the user record and the results refresh.
      invalidatesTags: (_result, error, { body }) =>
        error ? [] : ['Stakes', 'User', 'Search', { type: 'Community', id: body.siteId }],
    }),
    /** The signed-in user's votes on these sites: ids sorted and comma-joined, one list one cache entry. */
    myVotes: build.query<MyVotesResponse, string>({
      query: (siteIds) => `/api/ledger/votes?siteIds=${siteIds}`,
      providesTags: ['MyVotes'],
    }),
    vote: build.mutation<VoteResponse, VoteArgs>({
      query: ({ siteId, type }) => ({
        url: `/api/sites/${siteId}/vote`,
        method: 'POST',
        body: { type },
      }),
      async onQueryStarted({ siteId }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchSiteCounts(dispatch as AppThunkDispatch, getState as () => RootState, siteId, data);
          patchMyVote(
            dispatch as AppThunkDispatch,
            getState as () => RootState,
            siteId,
            data.yourVote,
          );
        } catch {
          // The caller reports the failure (spec §8); nothing to patch.
        }
      },
    }),
  }),
});

export const {
  useUserStakesQuery,
  useSiteCommunityQuery,
  usePlaceStakeMutation,
  useVoteMutation,
  useMyVotesQuery,
} = ledgerApi;

export interface SiteCounts {
  upvotes: number;
  downvotes: number;
}

type AppThunkDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** The community figures a search result and a site's community entry both show. */
type CommunityFigures = Partial<
  Pick<SiteCommunityResponse, 'upvotes' | 'downvotes' | 'totalStaked'>
>;

/** The bamboo staked on a site in support and in concern: what trust weighs of the stakes. */
export type StakeSplit = Pick<SiteCommunityResponse, 'supportTotal' | 'concernTotal'>;

/**
 * Writes `figures` into every cached search result of the site and its community entry, in
 * place. With the stake split, each result's trustScore is derived again (siteTrustScore, the
 * rule the server uses) from the result's votes and that split, so it changes with the figures.
 */
function patchSiteFigures(
  dispatch: AppThunkDispatch,
  getState: () => RootState,
  siteId: number,
  figures: CommunityFigures,
  split?: StakeSplit,
): void {
  const state = getState();
  for (const args of searchApi.util.selectCachedArgsForQuery(state, 'search')) {
    dispatch(
      searchApi.util.updateQueryData('search', args, (draft) => {
        for (const result of draft.results) {
          if (result.id !== siteId) continue;
          Object.assign(result, figures);
          if (split)
            result.trustScore = siteTrustScore(
              result,
              { upvotes: result.upvotes, downvotes: result.downvotes, ...split },
              result.trustScore,
            );
        }
      }),
    );
  }
  for (const cachedSiteId of ledgerApi.util.selectCachedArgsForQuery(state, 'siteCommunity')) {
    if (cachedSiteId !== siteId) continue;
    dispatch(
      ledgerApi.util.updateQueryData('siteCommunity', cachedSiteId, (draft) => {
        Object.assign(draft, figures, split);
      }),
    );
  }
}

/**
 * Writes a site's new vote counts into every cached search result list and its community
 * entry, in place (no refetch): used by the vote answer and by live `vote_update` messages.
 */
export function patchSiteCounts(
  dispatch: AppThunkDispatch,
  getState: () => RootState,
  siteId: number,
  counts: SiteCounts,
): void {
  patchSiteFigures(dispatch, getState, siteId, {
    upvotes: counts.upvotes,
    downvotes: counts.downvotes,
  });
}

/**
 * Writes a site's new total staked into every cached search result list and its community
 * entry, in place: a live `stake_update` shows at once, before the refetch it also causes.
 * With the support/concern split, the results' trustScore follows at once too.
 */
export function patchSiteStake(
  dispatch: AppThunkDispatch,
  getState: () => RootState,
  siteId: number,
  totalStaked: number,
  split?: StakeSplit,
): void {
  patchSiteFigures(dispatch, getState, siteId, { totalStaked }, split);
}

/** Records the user's vote on a site (null: removed) in every cached list of their votes. */
function patchMyVote(
  dispatch: AppThunkDispatch,
  getState: () => RootState,
  siteId: number,
  vote: VoteType | null | undefined,
): void {
  if (vote === undefined) return;
  for (const args of ledgerApi.util.selectCachedArgsForQuery(getState(), 'myVotes')) {
    if (!args.split(',').includes(String(siteId))) continue;
    dispatch(
      ledgerApi.util.updateQueryData('myVotes', args, (draft) => {
        if (vote) draft.votes[String(siteId)] = vote;
        else delete draft.votes[String(siteId)];
      }),
    );
  }
}
