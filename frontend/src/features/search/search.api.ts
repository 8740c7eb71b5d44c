import type { SearchResponse, TrendingResponse } from '@frenly/contracts';
import { baseApi } from '../../api/base-api';
import type { RootState } from '../../app/store';
import { keepNewestStakeTotals } from '../ledger/stake-totals';
import { searchRequestPath } from './search-text';

export interface SearchArgs {
  q: string;
  page?: number;
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResponse, SearchArgs>({
      query: ({ q, page }) => searchRequestPath(q, page),
      providesTags: ['Search'],
      // A search answered before the index had a stake this client saw carries older totals.
      async onQueryStarted(_args, { getState, queryFulfilled, updateCachedData }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the page shows the failure
        }
        const known = (getState() as RootState).stakeTotals;
        updateCachedData((draft) => keepNewestStakeTotals(draft.results, known));
      },
    }),
    trending: build.query<TrendingResponse, void>({
      query: () => '/api/search/trending',
      providesTags: ['Trending'],
    }),
  }),
});

export const { useSearchQuery, useTrendingQuery } = searchApi;
