import { readFileSync } from 'node:fs';
import { PATTERN_TYPES } from '../evidence/manipulation.js';
import { CHECK_WEIGHTS, FRENLINESS_CAPS, FRENLINESS_WEIGHTS, SCORING_VERSION } from './weights.js';

// docs/analysis-scoring.md documents the weights; this keeps the page and the code in step.
const doc = readFileSync(
  new URL('../../../../../docs/analysis-scoring.md', import.meta.url),
  'utf8',
);

describe('docs/analysis-scoring.md', () => {
  it('names the scoring version', () => {
    expect(doc).toContain(`**Scoring version: ${SCORING_VERSION}.**`);
  });

  it('lists every check with its dimension and weight, and no other', () => {
    const rows = [...doc.matchAll(/^\| `([a-z0-9-]+\.[a-z0-9-]+)` \| (\w+) \| (\d+) \|/gm)].map(
      ([, id, dimension, weight]) => [id, { dimension, weight: Number(weight) }],
    );
    expect(Object.fromEntries(rows)).toEqual(CHECK_WEIGHTS);
  });

  it('lists the Frenliness weights, the caps and the pattern severities', () => {
    for (const [dimension, weight] of Object.entries(FRENLINESS_WEIGHTS))
      expect(doc).toContain(`| \`${dimension}\` | ${weight} |`);
    for (const cap of Object.values(FRENLINESS_CAPS))
      expect(doc).toContain(`| \`${cap.id}\` | ${cap.max} |`);
    for (const pattern of Object.values(PATTERN_TYPES))
      expect(doc).toContain(`| \`${pattern.id}\` | ${pattern.category} | ${pattern.severity} |`);
  });

  it('has Frenliness weights that add up to one', () => {
    expect(Object.values(FRENLINESS_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(
      1,
      10,
    );
  });
});
