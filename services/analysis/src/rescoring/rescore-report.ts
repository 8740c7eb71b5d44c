// A stored analysis scored again from its snapshot: the HTML tier's pipeline on the page as it
// was fetched, then the browser tier's part as the stored report had it (the visit's findings
// merged again, or the same reason it is missing). Pure: no clock, no I/O, nothing fetched.
import type { AnalysisSnapshot } from '../analyses/analysis-snapshot.js';
import { analyzePage } from '../pipeline/analyze-page.js';
import { enrichReport, withBrowserPending, withoutBrowser } from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import type { CommunitySignals } from '@frenly/contracts';
import type { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';

export interface RescoreInputs {
  readonly catalog: TrackerCatalog;
  readonly community: CommunitySignals | null;
  /** The version the new report is stamped with (the running scorer's). */
  readonly scoringVersion: number;
}

/**
 * The new report, or null when this snapshot cannot give one faithfully: a browser visit still
 * pending (the visit scores the report when it lands), or a visit whose findings the snapshot
 * does not hold.
 */
export function rescoreReport(
  previous: AnalysisReport,
  snapshot: AnalysisSnapshot,
  inputs: RescoreInputs,
): AnalysisReport | null {
  const browser = previous.browser;
  if (browser?.state === 'pending') return null;
  const html = analyzePage(snapshot.page, inputs.catalog, inputs.community);
  let report: AnalysisReport;
  if (browser === undefined) {
    report = html;
  } else if (browser.state === 'done') {
    if (!snapshot.browser || browser.checkedAt === undefined) return null;
    report = enrichReport(withBrowserPending(html), snapshot.browser, {
      catalog: inputs.catalog,
      screenshotUrl: previous.screenshotUrl ?? null,
      checkedAt: browser.checkedAt,
    });
  } else {
    report = withoutBrowser(html, browser.state, browser.reason ?? '');
  }
  return { ...report, scoringVersion: inputs.scoringVersion };
}
