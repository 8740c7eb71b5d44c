import type { BrowserCheckState } from '../http/analysis-browser.js';

/**
 * Server -> client: the browser tier finished an analysis (its report changed). Clients showing
 * that analysis fetch it again (`GET /api/analyses/{analysisId}`); others ignore it.
 */
export interface LiveAnalysisUpdateMessage {
  type: 'analysis_update';
  analysisId: string;
  /** The browser tier's state now: 'done' or 'failed' (or 'unavailable'). */
  browser: BrowserCheckState;
}
