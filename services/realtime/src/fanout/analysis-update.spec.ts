import type { SiteAnalyzedV1 } from '@frenly/contracts';
import { analysisUpdateOf } from './analysis-update.js';

function event(analysisData: Partial<SiteAnalyzedV1['analysisData']>): SiteAnalyzedV1 {
  return {
    url: 'https://shop.example/',
    domain: 'shop.example',
    title: 'Shop',
    description: '',
    frenlinessScore: 70,
    trustScore: 'medium',
    isVerified: true,
    uxScore: { accessibility: 90, clarity: 70, joyFactor: 60, lowFriction: 80 },
    analysisData: {
      frenliness: { reasoning: '', improvements: [], manipulativePatterns: [] },
      ux: { details: { strengths: [] } },
      ...analysisData,
    },
    engine: 'heuristic',
    analyzedAt: '2026-11-27T06:00:00.000Z',
    analysisId: 'a1',
  };
}

describe(analysisUpdateOf.name, () => {
  it('announces a finished browser tier, done or failed', () => {
    expect(analysisUpdateOf(event({ browser: { state: 'done' } }))).toEqual({
      type: 'analysis_update',
      analysisId: 'a1',
      browser: 'done',
    });
    expect(analysisUpdateOf(event({ browser: { state: 'failed', reason: 'x' } }))?.browser).toBe(
      'failed',
    );
  });

  it("stays silent for the HTML tier's event (pending or unavailable) and for analyses from before the browser tier", () => {
    expect(analysisUpdateOf(event({ browser: { state: 'pending' } }))).toBeUndefined();
    expect(
      analysisUpdateOf(event({ browser: { state: 'unavailable', reason: 'x' } })),
    ).toBeUndefined();
    expect(analysisUpdateOf(event({}))).toBeUndefined();
  });
});
