// Golden files pin the scores of each fixture site (STYLE.md §12). A change in the pipeline or
// the weights shows up as a diff here; regenerate deliberately with UPDATE_GOLDEN=1.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AnalysisResponse } from '@frenly/contracts';

interface GoldenCheck {
  readonly id: string;
  readonly score: number | null;
}

export interface Golden {
  readonly frenlinessScore: number | null;
  readonly trustScore: string | null;
  readonly isVerified: boolean;
  readonly uxScore: AnalysisResponse['uxScore'];
  readonly dimensions: unknown;
  readonly capsApplied: unknown;
  readonly manipulativePatterns: string[];
  readonly trackers: string[];
  readonly cookieConsent: string;
  /** Every check below a full score (passing checks are implied). */
  readonly imperfectChecks: Record<string, number | null>;
}

export function goldenOf(response: AnalysisResponse): Golden {
  const data = response.site.analysisData as unknown as {
    dimensions: unknown;
    capsApplied: unknown;
    evidence: {
      checks: GoldenCheck[];
      manipulation: { pattern: string }[];
      privacy: { trackers: { organization: string; category: string }[] };
      cookieConsent: { kind: string };
    };
  };
  return {
    frenlinessScore: response.site.frenlinessScore,
    trustScore: response.site.trustScore,
    isVerified: response.site.isVerified,
    uxScore: response.uxScore,
    dimensions: data.dimensions,
    capsApplied: data.capsApplied,
    manipulativePatterns: data.evidence.manipulation.map((finding) => finding.pattern).sort(),
    trackers: data.evidence.privacy.trackers
      .map((tracker) => `${tracker.organization}:${tracker.category}`)
      .sort(),
    cookieConsent: data.evidence.cookieConsent.kind,
    imperfectChecks: Object.fromEntries(
      data.evidence.checks
        .filter((check) => check.score === null || check.score < 1)
        .map((check) => [check.id, check.score]),
    ),
  };
}

/** Compares with test/golden/<name>.json (writes it when UPDATE_GOLDEN=1 or when it is missing and CI is unset). */
export function expectGolden(name: string, actual: Golden): void {
  const file = new URL(`../golden/${name}.json`, import.meta.url);
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1' || (!existsSync(file) && !process.env.CI)) {
    writeFileSync(file, text);
    return;
  }
  expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}
