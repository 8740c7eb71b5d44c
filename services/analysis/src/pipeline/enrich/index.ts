export { enrichReport, type EnrichOptions } from './enrich-report.js';
export {
  BROWSER_ONLY_CHECKS,
  BrowserUnavailableReasons,
  withBrowserPending,
  withoutBrowser,
} from './browser-status.js';
export type { BrowserEvidence } from './browser-evidence.js';
export type { BrowserContribution, EnrichContext, FindingSource } from './finding-source.js';
export { FINDING_SOURCES } from './sources/index.js';
