import type { SiteAnalyzedV1 } from '@frenly/contracts';
import { siteAnalyzed } from '../../test/support/site-analyzed.js';
import { analysisUpdateOf } from './analysis-update.js';

const event = (analysisData: Partial<SiteAnalyzedV1['analysisData']>) =>
  siteAnalyzed({}, analysisData);

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
