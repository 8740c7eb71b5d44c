// The HTML tier's report, enriched with what a real browser saw on the homepage and one inner
// page. Pure: report and observation in, report out (no clock: the caller passes checkedAt).
// Each finding says how it was seen (`seenBy`); a browser check replaces the HTML check of the
// same id, browser trackers replace the HTML tier's guesses, and the report is scored again
// with the same formula (scoring/weights.ts).
import type { SiteObservation } from '../../browser/index.js';
import {
  ADVERTISING,
  dimensionScores,
  frenliness,
  summaryOf,
  withWeight,
} from '../analyze-page.js';
import type { CheckResult } from '../evidence/check.js';
import { describeFinding } from '../evidence/manipulation.js';
import type { AnalysisReport, ScoredCheck } from '../report.js';
import { improvementsOf, reasoningOf, strengthsOf } from '../scoring/insights.js';
import { deriveTrustScore } from '@frenly/contracts';
import { SCORING_VERSION } from '../scoring/weights.js';
import type { TrackerCatalog } from '../trackers/tracker-catalog.js';
import { browserEvidenceOf } from './browser-evidence.js';
import type { BrowserContribution, FindingSource } from './finding-source.js';
import { FINDING_SOURCES } from './sources/index.js';
import { SEEN_IN_BROWSER } from './sources/trackers.js';

export interface EnrichOptions {
  readonly catalog: TrackerCatalog;
  /** Where the first-screen screenshot is served, null when there is none. */
  readonly screenshotUrl: string | null;
  /** When the browser's findings were merged in (ISO). */
  readonly checkedAt: string;
  /** The concerns to merge (default: all of FINDING_SOURCES). */
  readonly sources?: readonly FindingSource[];
}

export function enrichReport(
  html: AnalysisReport,
  site: SiteObservation,
  options: EnrichOptions,
): AnalysisReport {
  const context = { html, site, catalog: options.catalog };
  const contributions = (options.sources ?? FINDING_SOURCES).map((source) => source(context));

  const checks = mergeChecks(html.evidence.checks, contributions);
  const trackers = mergeTrackers(html, contributions);
  const manipulation = [
    ...html.evidence.manipulation.map((finding) => ({
      ...finding,
      seenBy: finding.seenBy ?? 'html',
    })),
    ...contributions.flatMap((contribution) =>
      (contribution.manipulation ?? []).map((finding) => ({
        ...finding,
        seenBy: 'browser' as const,
      })),
    ),
  ];
  const privacy = { ...html.evidence.privacy, trackers };
  const security = html.evidence.security;

  const dimensions = dimensionScores(checks, manipulation);
  const advertisers = trackers.filter((tracker) => ADVERTISING.has(tracker.category)).length;
  const { score, uncapped, caps } = frenliness(
    dimensions,
    manipulation,
    security.certificateValid,
    advertisers,
  );
  const distinctPatterns = new Set(manipulation.map((finding) => finding.pattern)).size;
  const improvements = improvementsOf(checks);
  const evidence = browserEvidenceOf(site);
  return {
    ...html,
    scoringVersion: SCORING_VERSION,
    frenlinessScore: score,
    uncappedScore: uncapped,
    capsApplied: caps,
    uxScore: {
      accessibility: dimensions.accessibility,
      clarity: dimensions.clarity,
      joyFactor: dimensions.joyFactor,
      lowFriction: dimensions.lowFriction,
    },
    dimensions,
    // Community signals are applied again when the report is answered (analysis-response.ts).
    trustScore: deriveTrustScore({
      frenlinessScore: score,
      verifiedHttps: security.certificateValid,
      securityScore: dimensions.security,
      manipulativePatterns: distinctPatterns,
      community: null,
    }),
    reasoning: reasoningOf({
      domain: html.domain,
      frenlinessScore: score,
      dimensions,
      capsApplied: caps,
      privacy,
      security,
      manipulation,
      improvements,
      tier: 'browser',
    }),
    strengths: strengthsOf(checks, manipulation),
    improvements,
    manipulativePatterns: manipulation.map(describeFinding),
    summary: summaryOf(trackers.length, distinctPatterns, dimensions.accessibility),
    browser: { state: 'done', pages: [...evidence.pages], checkedAt: options.checkedAt },
    notChecked: [],
    screenshotUrl: options.screenshotUrl,
    evidence: { ...html.evidence, checks, manipulation, privacy, browser: evidence },
  };
}

/** HTML checks in their order, each replaced by the browser's of the same id; new ones after. */
function mergeChecks(
  htmlChecks: readonly ScoredCheck[],
  contributions: readonly BrowserContribution[],
): ScoredCheck[] {
  const seen = new Map<string, CheckResult>();
  for (const contribution of contributions)
    for (const check of contribution.checks ?? []) seen.set(check.id, check);
  const merged: ScoredCheck[] = htmlChecks.map((check) => {
    const browser = seen.get(check.id);
    if (!browser) return { ...check, seenBy: check.seenBy ?? 'html' };
    seen.delete(check.id);
    return { ...withWeight(browser), seenBy: 'browser' };
  });
  for (const check of seen.values()) merged.push({ ...withWeight(check), seenBy: 'browser' });
  return merged;
}

/**
 * The tracker source's merged list when it gave one (browser-contacted trackers marked 'browser',
 * those only the HTML references marked 'html'), else the HTML tier's list.
 */
function mergeTrackers(
  html: AnalysisReport,
  contributions: readonly BrowserContribution[],
): AnalysisReport['evidence']['privacy']['trackers'] {
  const given = contributions.filter((contribution) => contribution.trackers !== undefined);
  const list =
    given.length === 0
      ? html.evidence.privacy.trackers
      : given.flatMap((contribution) => contribution.trackers ?? []);
  return list.map((tracker) => ({
    ...tracker,
    seenBy: tracker.seen.includes(SEEN_IN_BROWSER) ? ('browser' as const) : ('html' as const),
  }));
}
