// What the analysis screen needs to know about the browser tier: how each finding was seen,
// whether the real-browser visit is still running, and what could not be checked and why.

/** How a finding was seen: by visiting the page in a real browser, or by reading its HTML. */
export type FindingSeenBy = 'browser' | 'html';

/** The browser tier's part of an analysis. */
export type BrowserCheckState = 'pending' | 'done' | 'unavailable' | 'failed';

export interface BrowserCheckStatus {
  state: BrowserCheckState;
  /** Why it is unavailable or failed, in words for the person reading the report. */
  reason?: string;
  /** Pages the browser visited (homepage first), once done. */
  pages?: string[];
  /** When the browser's findings were merged in (ISO), once done. */
  checkedAt?: string;
}

/** Something the report does not cover, and why (shown when the browser tier could not run). */
export interface NotCheckedEntry {
  what: string;
  why: string;
}

/** `analysisData` fields the browser tier adds (all optional: older analyses have none). */
export interface BrowserAnalysisFields {
  browser?: BrowserCheckStatus;
  notChecked?: NotCheckedEntry[];
  /** Path of the first-screen screenshot (`GET /api/analyses/{id}/screenshot`), null when none. */
  screenshotUrl?: string | null;
}

/** The screenshot route's path for an analysis. */
export function analysisScreenshotPath(analysisId: string): string {
  return `/api/analyses/${analysisId}/screenshot`;
}
