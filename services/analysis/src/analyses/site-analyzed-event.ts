// The analysis.site-analyzed event of a stored report: written when the HTML tier stores an
// analysis, and again when the browser tier enriches it (the catalogue takes the newer one).
import { Topics, type AnalysisEngine } from '@frenly/contracts';
import { makeEvent } from '@frenly/events';
import { requestEventHeaders } from '@frenly/platform';
import type { AnalysisReport } from '../pipeline/report.js';
import { analysisDataOf } from './analysis-data.js';

export function siteAnalyzedEvent(
  url: string,
  report: AnalysisReport,
  analysis: { readonly id: string; readonly engine: AnalysisEngine; readonly analyzedAt: Date },
  /** The catalogue's id of the site, when known (a crawled page): its live card updates. */
  siteId?: number,
) {
  const analyzedAt = analysis.analyzedAt.toISOString();
  return makeEvent(
    Topics.SiteAnalyzed,
    url,
    {
      url,
      domain: report.domain,
      title: report.title,
      description: report.description,
      frenlinessScore: report.frenlinessScore,
      trustScore: report.trustScore,
      isVerified: report.isVerified,
      uxScore: report.uxScore,
      analysisData: analysisDataOf(report, {
        engine: analysis.engine,
        analyzedAt,
        analysisId: analysis.id,
        evidence: 'compact',
      }),
      engine: analysis.engine,
      analyzedAt,
      analysisId: analysis.id,
      finalUrl: report.finalUrl,
      scoringVersion: report.scoringVersion,
      language: report.language,
      ...(siteId === undefined ? {} : { siteId }),
    },
    requestEventHeaders(),
  );
}
