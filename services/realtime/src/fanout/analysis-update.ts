import type { LiveAnalysisUpdateMessage, SiteAnalyzedV1 } from '@frenly/contracts';

/** The browser tier's own event says one of these; the HTML tier's says pending or unavailable. */
const FINAL_STATES = new Set(['done', 'failed']);

/**
 * The live message for an analysis whose browser-tier part just finished, or undefined: an
 * HTML-tier analysis (browser pending, or none) changes nothing a screen is waiting for.
 */
export function analysisUpdateOf(event: SiteAnalyzedV1): LiveAnalysisUpdateMessage | undefined {
  const state = event.analysisData.browser?.state;
  if (typeof event.analysisId !== 'string' || state === undefined || !FINAL_STATES.has(state))
    return undefined;
  return { type: 'analysis_update', analysisId: event.analysisId, browser: state };
}
