import type { LiveSiteInsightsUpdateMessage, SiteAnalyzedV1 } from '@frenly/contracts';

const TRUST = new Set(['high', 'medium', 'low']);

/**
 * The card fields of an analysis, or undefined when the event cannot be trusted enough to put
 * on someone's screen (a score that is not a whole number in 0–100, no URL, an unknown trust).
 */
export function siteInsightsUpdateOf(
  event: SiteAnalyzedV1,
): LiveSiteInsightsUpdateMessage | undefined {
  const score = event.frenlinessScore;
  if (!Number.isSafeInteger(score) || score < 0 || score > 100) return undefined;
  if (
    typeof event.url !== 'string' ||
    !TRUST.has(event.trustScore) ||
    Number.isNaN(Date.parse(event.analyzedAt))
  )
    return undefined;
  const evidence = (event.analysisData?.['evidence'] ?? {}) as { trackers?: unknown };
  const patterns = event.analysisData?.frenliness?.manipulativePatterns;
  return {
    type: 'site_insights_update',
    siteId:
      Number.isSafeInteger(event.siteId) && (event.siteId ?? 0) > 0
        ? (event.siteId as number)
        : null,
    url: event.url,
    domain: event.domain,
    frenlinessScore: score,
    trustScore: event.trustScore,
    trackers: Array.isArray(evidence.trackers) ? evidence.trackers.length : 0,
    darkPatterns: Array.isArray(patterns)
      ? patterns.filter((name): name is string => typeof name === 'string')
      : [],
    analysedAt: event.analyzedAt,
    tier: event.analysisData?.['tier'] === 'browser' ? 'browser' : 'html',
  };
}
