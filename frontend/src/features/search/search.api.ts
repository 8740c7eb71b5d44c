import type { SearchResponse, TrendingResponse } from '@frenly/contracts';
import { baseApi } from '../../api/base-api';

export interface SearchArgs {
  q: string;
  page?: number;
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResponse, SearchArgs>({
      query: ({ q, page }) => {
        const params = new URLSearchParams({ q });
        if (page && page > 1) params.set('page', String(page));
        return `/api/search?${params.toString()}`;
      },
      providesTags: ['Search'],
    }),
    trending: build.query<TrendingResponse, void>({
      query: () => '/api/search/trending',
      providesTags: ['Trending'],
    }),
  }),
});

export const { useSearchQuery, useTrendingQuery } = searchApi;
