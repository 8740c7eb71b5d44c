// The analysis pipeline, network excluded: snapshot in, report out. Pure and deterministic
// (no clock, no randomness, no I/O), so golden files can pin its output.
import { domainOf, deriveTrustScore, type CommunitySignals } from '@frenly/contracts';
import { accessibilityChecks } from './evidence/accessibility.js';
import type { CheckResult } from './evidence/check.js';
import { clarityChecks } from './evidence/clarity.js';
import { proseBlocks } from './evidence/content-blocks.js';
import { frictionChecks } from './evidence/friction.js';
import { joyChecks } from './evidence/joy.js';
import {
  describeFinding,
  findManipulativePatterns,
  type ManipulationFinding,
} from './evidence/manipulation.js';
import { privacyChecks } from './evidence/privacy.js';
import { securityChecks } from './evidence/security.js';
import type { AnalysisReport, DimensionScores, ScoredCheck } from './report.js';
import { scanPage } from './scan/page-scanner.js';
import { improvementsOf, reasoningOf, strengthsOf } from './scoring/insights.js';
import {
  CHECK_WEIGHTS,
  FRENLINESS_CAPS,
  FRENLINESS_WEIGHTS,
  SCORING_VERSION,
  trackedAndManipulated,
  type CheckDimension,
  type Dimension,
} from './scoring/weights.js';
import type { PageSnapshot } from './snapshot.js';
import { clip } from './text/snippet.js';
import type { TrackerCatalog } from './trackers/tracker-catalog.js';

const CHECK_DIMENSIONS: readonly CheckDimension[] = [
  'accessibility',
  'clarity',
  'lowFriction',
  'joyFactor',
  'privacy',
  'security',
];
export const ADVERTISING = new Set(['advertising', 'pornvertising']);

export function analyzePage(
  snapshot: PageSnapshot,
  catalog: TrackerCatalog,
  community: CommunitySignals | null = null,
): AnalysisReport {
  const facts = scanPage(snapshot.html);
  const manipulation = findManipulativePatterns(facts);
  const privacy = privacyChecks(facts, snapshot, catalog);
  const security = securityChecks(facts, snapshot);
  const friction = frictionChecks(
    facts,
    snapshot,
    privacy.evidence.consentManagers,
    privacy.evidence.trackers.length,
  );
  const results: CheckResult[] = [
    ...accessibilityChecks(facts),
    ...clarityChecks(facts),
    ...friction.checks,
    ...joyChecks(facts, privacy.evidence, manipulation),
    ...privacy.checks,
    ...security.checks,
  ];
  const checks = results.map(withWeight);
  const dimensions = dimensionScores(checks, manipulation);
  const advertisers = privacy.evidence.trackers.filter((tracker) =>
    ADVERTISING.has(tracker.category),
  ).length;
  const {
    score: frenlinessScore,
    uncapped,
    caps,
  } = frenliness(dimensions, manipulation, security.evidence.certificateValid, advertisers);

  const domain = domainOf(snapshot.finalUrl);
  const firstHeading = facts.headings.find(
    (heading) => heading.level === 1 && heading.text !== '',
  )?.text;
  const title = clip(facts.title || facts.ogTitle || firstHeading || domain, 200);
  const firstProse = proseBlocks(facts)[0]?.text;
  const description = clip(facts.metaDescription || facts.ogDescription || firstProse || '', 300);
  const improvements = improvementsOf(checks);
  const strengths = strengthsOf(checks, manipulation);
  const distinctPatterns = new Set(manipulation.map((finding) => finding.pattern)).size;
  const trustScore = deriveTrustScore({
    frenlinessScore,
    verifiedHttps: security.evidence.certificateValid,
    securityScore: dimensions.security,
    manipulativePatterns: distinctPatterns,
    community,
  });

  return {
    scoringVersion: SCORING_VERSION,
    url: snapshot.requestedUrl,
    finalUrl: snapshot.finalUrl,
    domain,
    title,
    description,
    language: facts.lang ? (facts.lang.split('-')[0]?.toLowerCase() ?? null) : null,
    isVerified: security.evidence.certificateValid,
    frenlinessScore,
    uncappedScore: uncapped,
    capsApplied: caps,
    uxScore: {
      accessibility: dimensions.accessibility,
      clarity: dimensions.clarity,
      joyFactor: dimensions.joyFactor,
      lowFriction: dimensions.lowFriction,
    },
    dimensions,
    trustScore,
    reasoning: reasoningOf({
      domain,
      frenlinessScore,
      dimensions,
      capsApplied: caps,
      privacy: privacy.evidence,
      security: security.evidence,
      manipulation,
      improvements,
    }),
    strengths,
    improvements,
    manipulativePatterns: manipulation.map(describeFinding),
    summary: summaryOf(
      privacy.evidence.trackers.length,
      distinctPatterns,
      dimensions.accessibility,
    ),
    evidence: {
      checks,
      manipulation,
      privacy: privacy.evidence,
      security: security.evidence,
      cookieConsent: friction.cookieConsent,
      page: {
        status: snapshot.status,
        bytes: snapshot.bytes,
        redirects: snapshot.redirects,
        words: facts.words,
        images: facts.images.length,
        links: facts.links.length,
        forms: facts.forms.length,
        scripts: facts.scripts.length,
      },
    },
  };
}

export function withWeight(result: CheckResult): ScoredCheck {
  const weight = CHECK_WEIGHTS[result.id];
  if (!weight) throw new Error(`Check ${result.id} has no weight in scoring/weights.ts`);
  const score = result.score === null ? null : Math.round(result.score * 1000) / 1000;
  return { ...result, score, dimension: weight.dimension, weight: weight.weight };
}

export function dimensionScores(
  checks: readonly ScoredCheck[],
  manipulation: readonly ManipulationFinding[],
): DimensionScores {
  const scores = {} as Record<Dimension, number>;
  for (const dimension of CHECK_DIMENSIONS) {
    let weighted = 0;
    let total = 0;
    for (const check of checks) {
      if (check.dimension !== dimension || check.score === null) continue;
      weighted += check.weight * check.score;
      total += check.weight;
    }
    scores[dimension] = total === 0 ? 100 : Math.round((100 * weighted) / total);
  }
  const severities = new Map<string, number>();
  for (const finding of manipulation) severities.set(finding.pattern, finding.severity);
  const penalty = [...severities.values()].reduce((sum, severity) => sum + severity, 0);
  scores.honesty = Math.round(100 * Math.max(0, 1 - penalty));
  return scores;
}

/** The weighted sum, then the caps (weights.ts): the lowest applicable ceiling wins, every one that lowered the score is named. */
export function frenliness(
  dimensions: DimensionScores,
  manipulation: readonly ManipulationFinding[],
  verifiedHttps: boolean,
  advertisers: number,
): { score: number; uncapped: number; caps: string[] } {
  let sum = 0;
  for (const dimension of Object.keys(FRENLINESS_WEIGHTS) as Dimension[])
    sum += FRENLINESS_WEIGHTS[dimension] * dimensions[dimension];
  const uncapped = Math.round(sum);
  const kinds = new Set(manipulation.map((finding) => finding.pattern)).size;
  const applicable = [
    kinds >= 5
      ? FRENLINESS_CAPS.pervasiveManipulation
      : kinds >= 3
        ? FRENLINESS_CAPS.muchManipulation
        : kinds >= 1
          ? FRENLINESS_CAPS.anyManipulation
          : null,
    advertisers >= 2
      ? FRENLINESS_CAPS.muchAdvertisingTracking
      : advertisers >= 1
        ? FRENLINESS_CAPS.advertisingTracking
        : null,
    trackedAndManipulated(advertisers, kinds) ? FRENLINESS_CAPS.trackedAndManipulated : null,
    verifiedHttps ? null : FRENLINESS_CAPS.noHttps,
    dimensions.accessibility < 40 ? FRENLINESS_CAPS.poorAccessibility : null,
    dimensions.privacy < 40 ? FRENLINESS_CAPS.heavyTracking : null,
  ].filter((cap): cap is (typeof FRENLINESS_CAPS)[keyof typeof FRENLINESS_CAPS] => cap !== null);
  // Lowest ceiling first, so the reasons read from the weightiest; each is named only if it lowered the score.
  applicable.sort((a, b) => a.max - b.max || a.id.localeCompare(b.id));
  const score = Math.min(uncapped, ...applicable.map((cap) => cap.max));
  const caps = applicable.filter((cap) => uncapped > cap.max).map((cap) => cap.reason);
  return { score, uncapped, caps };
}

export function summaryOf(trackers: number, patterns: number, accessibility: number): string {
  return [
    trackers === 0 ? 'no trackers' : `${trackers} ${trackers === 1 ? 'tracker' : 'trackers'}`,
    patterns === 0
      ? 'no manipulative patterns'
      : `${patterns} manipulative ${patterns === 1 ? 'pattern' : 'patterns'}`,
    `accessibility ${accessibility}`,
  ].join(' · ');
}
