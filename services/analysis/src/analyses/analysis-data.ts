// The analysisData a site carries (spec §3): frenliness.{reasoning, improvements,
// manipulativePatterns} and ux.details.strengths, plus the scores and evidence behind them.
import type { AnalysisData, AnalysisEngine } from '@frenly/contracts';
import type { AnalysisReport } from '../pipeline/report.js';

export interface AnalysisDataOptions {
  readonly engine: AnalysisEngine;
  readonly analyzedAt: string;
  readonly analysisId: string;
  /** Full evidence (every check) for the analysis screen; a compact digest for events. */
  readonly evidence: 'full' | 'compact';
}

export function analysisDataOf(report: AnalysisReport, options: AnalysisDataOptions): AnalysisData {
  const evidence = report.evidence;
  return {
    frenliness: {
      reasoning: report.reasoning,
      improvements: [...report.improvements],
      manipulativePatterns: [...report.manipulativePatterns],
    },
    ux: {
      details: { strengths: [...report.strengths] },
    },
    frenlinessScore: report.frenlinessScore,
    uxScore: report.uxScore,
    dimensions: report.dimensions,
    capsApplied: report.capsApplied,
    summary: report.summary,
    engine: options.engine,
    analysisId: options.analysisId,
    analyzedAt: options.analyzedAt,
    scoringVersion: report.scoringVersion,
    finalUrl: report.finalUrl,
    // The browser tier's part: absent on analyses from before it (and on those it never ran for).
    ...(report.browser ? { browser: report.browser } : {}),
    ...(report.notChecked ? { notChecked: [...report.notChecked] } : {}),
    ...(report.screenshotUrl !== undefined ? { screenshotUrl: report.screenshotUrl } : {}),
    evidence:
      options.evidence === 'full'
        ? evidence
        : {
            trackers: evidence.privacy.trackers.map((tracker) => ({
              organization: tracker.organization,
              category: tracker.category,
            })),
            manipulation: evidence.manipulation.map((finding) => ({
              pattern: finding.pattern,
              category: finding.category,
              evidence: finding.evidence,
            })),
            cookieConsent: evidence.cookieConsent.kind,
            security: {
              https: evidence.security.https,
              certificateValid: evidence.security.certificateValid,
              hsts: evidence.security.hstsMaxAge !== null,
              csp: evidence.security.csp !== null,
            },
            page: evidence.page,
          },
  };
}
