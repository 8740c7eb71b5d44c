import type { AnalysisData } from '@frenly/contracts';
import { describe, expect, it } from 'vitest';
import { insightSummary } from './insight-summary';

const base: AnalysisData = {
  frenliness: {
    reasoning: 'r',
    improvements: [],
    manipulativePatterns: ['Confirmshaming', 'Hidden costs'],
  },
  ux: { details: { strengths: [] } },
};

describe(insightSummary.name, () => {
  it('says nothing for a site without analysis data', () => {
    expect(insightSummary(null)).toBeNull();
  });

  it('uses the line the analysis wrote when there is one', () => {
    expect(
      insightSummary({
        ...base,
        summary: '4 trackers · 2 manipulative patterns · accessibility 92',
      }),
    ).toBe('4 trackers · 2 manipulative patterns · accessibility 92');
    expect(
      insightSummary({
        ...base,
        summary: 'no trackers · no manipulative patterns · accessibility 88',
      }),
    ).toBe('No trackers · no manipulative patterns · accessibility 88');
  });

  it('lists trackers, manipulative patterns and accessibility from the evidence', () => {
    expect(
      insightSummary({ ...base, trackers: ['a', 'b', 'c', 'd'], uxScore: { accessibility: 92 } }),
    ).toBe('4 trackers · 2 manipulative patterns · accessibility 92');
  });

  it('reports what it knows and leaves out what the analysis did not record', () => {
    expect(
      insightSummary({ ...base, frenliness: { ...base.frenliness, manipulativePatterns: [] } }),
    ).toBe('No manipulative patterns');
    expect(insightSummary({ ...base, evidence: { trackers: { count: 0 } } })).toBe(
      'No trackers · 2 manipulative patterns',
    );
    expect(insightSummary({ ...base, evidence: { privacy: { trackers: [{}, {}] } } })).toBe(
      '2 trackers · 2 manipulative patterns',
    );
  });
});
