import type {
  AnalysisResponse,
  AnalyzeRequest,
  ReframeRequest,
  ReframeResponse,
} from '@frenly/contracts';
import { baseApi } from '../../api/base-api';

export interface ReframeArgs extends ReframeRequest {
  siteId: number;
}

/** The analysis id the service gave an answer (analysisData.analysisId), if any. */
export function analysisIdOf(response: AnalysisResponse): string | null {
  const id = response.site.analysisData?.['analysisId'];
  return typeof id === 'string' && id !== '' ? id : null;
}

export const analysisApi = baseApi.enhanceEndpoints({ addTagTypes: ['Analysis'] }).injectEndpoints({
  endpoints: (build) => ({
    analyzeSite: build.mutation<AnalysisResponse, AnalyzeRequest>({
      query: (body) => ({ url: '/api/sites/analyze', method: 'POST', body }),
      // A finished analysis can change scores shown in results.
      invalidatesTags: (_result, error) => (error ? [] : ['Search']),
      // The answer is also the stored analysis as it is now: the screen reads it from the
      // `analysis` cache entry, which a live analysis_update refetches when the browser lands.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        const id = data ? analysisIdOf(data) : null;
        if (data && id) await dispatch(analysisApi.util.upsertQueryData('analysis', id, data));
      },
    }),
    /** A stored analysis as it is now (the browser tier may have enriched it since). */
    analysis: build.query<AnalysisResponse, string>({
      query: (analysisId) => `/api/analyses/${encodeURIComponent(analysisId)}`,
      providesTags: (_result, _error, analysisId) => [{ type: 'Analysis', id: analysisId }],
    }),
    reframe: build.mutation<ReframeResponse, ReframeArgs>({
      query: ({ siteId, ...body }) => ({
        url: `/api/sites/${siteId}/reframe`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useAnalyzeSiteMutation, useAnalysisQuery, useReframeMutation } = analysisApi;
