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

export const analysisApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    analyzeSite: build.mutation<AnalysisResponse, AnalyzeRequest>({
      query: (body) => ({ url: '/api/sites/analyze', method: 'POST', body }),
      // A finished analysis can change scores shown in results.
      invalidatesTags: (_result, error) => (error ? [] : ['Search']),
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

export const { useAnalyzeSiteMutation, useReframeMutation } = analysisApi;
