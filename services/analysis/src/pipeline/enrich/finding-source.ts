// A finding source turns one concern of what the browser saw (trackers, cookies, axe…) into
// checks and findings of the report. enrichReport runs every source in FINDING_SOURCES
// (sources/index.ts) and merges what they return; adding a concern is one function and one line.
import type { SiteObservation } from '../../browser/index.js';
import type { CheckResult } from '../evidence/check.js';
import type { ManipulationFinding } from '../evidence/manipulation.js';
import type { TrackerFinding } from '../evidence/privacy.js';
import type { AnalysisReport } from '../report.js';
import type { TrackerCatalog } from '../trackers/tracker-catalog.js';

export interface EnrichContext {
  /** The HTML tier's report of the homepage (what the browser's findings supersede). */
  readonly html: AnalysisReport;
  readonly site: SiteObservation;
  /** TrackerDB, to tell the site's own organisation from third parties. */
  readonly catalog: TrackerCatalog;
}

/** What one source adds. Every field is optional: a source says only what it saw. */
export interface BrowserContribution {
  /**
   * Checks seen in the browser. One with the id of an HTML check replaces it (the browser saw
   * the page as a visitor does); a new id adds a check (it needs a weight in scoring/weights.ts).
   */
  readonly checks?: readonly CheckResult[];
  /** Trackers contacted in the browser: when given, they replace the HTML tier's list. */
  readonly trackers?: readonly TrackerFinding[];
  /** Manipulative patterns seen in the rendered page (added to the HTML tier's). */
  readonly manipulation?: readonly ManipulationFinding[];
}

export type FindingSource = (context: EnrichContext) => BrowserContribution;
