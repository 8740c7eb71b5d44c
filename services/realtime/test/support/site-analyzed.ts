import type { SiteAnalyzedV1 } from '@frenly/contracts';

type AnalysisData = SiteAnalyzedV1['analysisData'];

/**
 * An analysis.site-analyzed payload of shop.example (analysis a1, site 9) as the analysis
 * service publishes it; `analysisData` is merged into a minimal report, the rest replaces.
 */
export function siteAnalyzed(
  overrides: Partial<SiteAnalyzedV1> = {},
  analysisData: Partial<AnalysisData> = {},
): SiteAnalyzedV1 {
  return {
    url: 'https://shop.example/',
    domain: 'shop.example',
    title: 'Shop',
    description: '',
    frenlinessScore: 42,
    trustScore: 'low',
    isVerified: false,
    uxScore: { accessibility: 50, clarity: 50, joyFactor: 50, lowFriction: 50 },
    engine: 'heuristic',
    analyzedAt: '2026-01-01T00:00:00.000Z',
    analysisId: 'a1',
    siteId: 9,
    ...overrides,
    analysisData: {
      frenliness: { reasoning: '', improvements: [], manipulativePatterns: [] },
      ux: { details: { strengths: [] } },
      ...analysisData,
    },
  };
}
