import {
  siteTrustScore,
  type AnalysisEngine,
  type AnalysisResponse,
  type SiteDto,
} from '@frenly/contracts';
import { analysisDataOf } from '../analyses/analysis-data.js';
import type { AnalysisRow } from '../analyses/analyses.repository.js';
import type { AnalysisReport } from '../pipeline/report.js';
import type { CommunityFigures } from '../sites/community.reader.js';

export interface ResponseParts {
  readonly siteId: number;
  readonly row: AnalysisRow;
  readonly report: AnalysisReport;
  /** The ledger's figures now; null when it could not be asked (unknown). */
  readonly community: CommunityFigures | null;
  readonly cached: boolean;
}

/**
 * `{ site, uxScore, recentStakes, engine }` (spec §3, §7). trustScore is derived from the site as
 * answered and today's community by siteTrustScore, the function search results use, so both
 * screens show the same trust for the same analysis and totals.
 */
export function analysisResponseOf(parts: ResponseParts): AnalysisResponse {
  const { report, row } = parts;
  const community = parts.community?.totals ?? null;
  const engine = (row.engine === 'llm' ? 'llm' : 'heuristic') satisfies AnalysisEngine;
  const analyzedAt = row.createdAt.toISOString();
  const site: Omit<SiteDto, 'trustScore'> = {
    id: parts.siteId,
    url: report.url,
    title: report.title,
    description: report.description,
    domain: report.domain,
    frenlinessScore: report.frenlinessScore,
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
  };
  return {
    site: { ...site, trustScore: siteTrustScore(site, community, report.trustScore) },
    uxScore: report.uxScore,
    recentStakes: parts.community?.recentStakes ?? [],
    engine,
    analyzedAt,
    cached: parts.cached,
    // Unknown figures are said to be unknown, never shown as "no votes" (community.reader.ts).
    ...(parts.community ? {} : { communityUnavailable: true }),
  };
}
