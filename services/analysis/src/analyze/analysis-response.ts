import type { AnalysisEngine, AnalysisResponse, StakeDto } from '@frenly/contracts';
import { analysisDataOf } from '../analyses/analysis-data.js';
import type { AnalysisRow } from '../analyses/analyses.repository.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { deriveTrustScore } from '../pipeline/scoring/trust-score.js';
import type { CommunityTotals } from '../sites/community.repository.js';

export interface ResponseParts {
  readonly siteId: number;
  readonly row: AnalysisRow;
  readonly report: AnalysisReport;
  readonly community: CommunityTotals | null;
  readonly recentStakes: StakeDto[];
  readonly cached: boolean;
}

/** `{ site, uxScore, recentStakes, engine }` (spec §3, §7); trustScore with today's community signals. */
export function analysisResponseOf(parts: ResponseParts): AnalysisResponse {
  const { report, row, community } = parts;
  const engine = (row.engine === 'llm' ? 'llm' : 'heuristic') satisfies AnalysisEngine;
  const analyzedAt = row.createdAt.toISOString();
  const trustScore = deriveTrustScore({
    frenlinessScore: report.frenlinessScore,
    verifiedHttps: report.isVerified,
    securityScore: report.dimensions.security,
    manipulativePatterns: new Set(report.evidence.manipulation.map((finding) => finding.pattern))
      .size,
    community,
  });
  return {
    site: {
      id: parts.siteId,
      url: report.url,
      title: report.title,
      description: report.description,
      domain: report.domain,
      frenlinessScore: report.frenlinessScore,
      trustScore,
      upvotes: community?.upvotes ?? 0,
      downvotes: community?.downvotes ?? 0,
      isVerified: report.isVerified,
      isClaimed: false,
      totalStaked: community?.totalStaked ?? 0,
      analysisData: analysisDataOf(report, {
        engine,
        analyzedAt,
        analysisId: row.id,
        evidence: 'full',
      }),
    },
    uxScore: report.uxScore,
    recentStakes: parts.recentStakes,
    engine,
    analyzedAt,
    cached: parts.cached,
  };
}
