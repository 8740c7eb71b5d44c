import type { SiteAnalyzedV1 } from '@frenly/contracts';
import { siteAnalyzed } from '../../test/support/site-analyzed.js';
import { siteInsightsUpdateOf } from './site-insights-update.js';

const event = (overrides: Partial<SiteAnalyzedV1> = {}): SiteAnalyzedV1 =>
  siteAnalyzed(overrides, {
    frenliness: {
      reasoning: '',
      improvements: [],
      manipulativePatterns: ['Urgency — Countdown timer: “Sale ends”'],
    },
    evidence: {
      trackers: [
        { organization: 'Google', category: 'advertising' },
        { organization: 'Meta', category: 'advertising' },
      ],
    },
  });

describe(siteInsightsUpdateOf.name, () => {
  it('carries the card fields of the analysis', () => {
    expect(siteInsightsUpdateOf(event())).toEqual({
      type: 'site_insights_update',
      siteId: 9,
      url: 'https://shop.example/',
      domain: 'shop.example',
      frenlinessScore: 42,
      trustScore: 'low',
      trackers: 2,
      darkPatterns: ['Urgency — Countdown timer: “Sale ends”'],
      analysedAt: '2026-01-01T00:00:00.000Z',
      tier: 'html',
    });
  });

  it('has a null site id when the analysis did not know it (match by url)', () => {
    expect(siteInsightsUpdateOf(event({ siteId: undefined }))?.siteId).toBeNull();
  });

  it.each([
    ['a score out of range', { frenlinessScore: 101 }],
    ['a fractional score', { frenlinessScore: 4.5 }],
    ['an unknown trust', { trustScore: 'great' as never }],
    ['no date', { analyzedAt: 'yesterday' }],
  ])('refuses %s: nothing unfit reaches a screen', (_, overrides) => {
    expect(siteInsightsUpdateOf(event(overrides))).toBeUndefined();
  });
});
