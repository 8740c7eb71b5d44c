import type { SearchResponse, TrendingResponse } from '@frenly/contracts';
import { baseApi } from '../../api/base-api';
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
    }),
    trending: build.query<TrendingResponse, void>({
      query: () => '/api/search/trending',
      providesTags: ['Trending'],
    }),
  }),
});

export const { useSearchQuery, useTrendingQuery } = searchApi;
