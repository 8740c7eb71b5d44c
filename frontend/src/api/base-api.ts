import { createApi } from '@reduxjs/toolkit/query/react';
import { frenlyBaseQuery } from './base-query';

/**
 * The only createApi of the app; each feature injects its endpoints (`injectEndpoints`).
 * Spec defaults (§4, §9): no interval or focus refetch, data never stale, no retries
 * (RTK Query retries only when the base query is wrapped in `retry`, which it is not).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: frenlyBaseQuery,
  tagTypes: ['User', 'Providers', 'Stakes', 'Search', 'Trending', 'Community', 'MyVotes'],
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
