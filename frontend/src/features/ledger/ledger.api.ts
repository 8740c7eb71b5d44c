import {
  IDEMPOTENCY_KEY_HEADER,
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
import {
  stakeTotalsSeen,
  writeSiteFigures,
  type CommunityFigures,
  type StakeSplit,
} from './stake-totals';

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
      // The site's new totals show at once, and outlast a refresh answered before the search
      // index has the stake.
      async onQueryStarted({ body }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { totalStaked, supportTotal, concernTotal } = data.site;
          patchSiteStake(
            dispatch as AppThunkDispatch,
            getState as () => RootState,
            body.siteId,
            totalStaked,
            { supportTotal, concernTotal },
          );
        } catch {
          // The stake dialog reports the failure (spec §8); nothing to patch.
        }
      },
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

/**
 * Writes `figures` into every cached search result of the site and its community entry, in
 * place (with the stake split, each result's trustScore follows: writeSiteFigures).
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
        for (const result of draft.results)
          if (result.id === siteId) writeSiteFigures(result, figures, split);
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
 * entry, in place: a stake's answer or a live `stake_update` shows at once, before the refetch
 * it also causes; and remembers it, so that a refetch answered with older totals does not undo
 * it (stake-totals.ts). With the support/concern split, the results' trustScore follows too.
 */
export function patchSiteStake(
  dispatch: AppThunkDispatch,
  getState: () => RootState,
  siteId: number,
  totalStaked: number,
  split?: StakeSplit,
): void {
  dispatch(stakeTotalsSeen({ siteId, totalStaked, split }));
  // Messages can arrive out of order: an older total than one already shown changes nothing.
  const newest = getState().stakeTotals[siteId] ?? { totalStaked, split };
  patchSiteFigures(dispatch, getState, siteId, { totalStaked: newest.totalStaked }, newest.split);
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
