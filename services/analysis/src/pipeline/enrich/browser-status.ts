// The browser tier's state on a report the HTML tier just wrote: pending (a job will visit the
// site), or unavailable/failed with what the report therefore does not cover, in words for users.
import type { NotCheckedEntry } from '@frenly/contracts';
import type { AnalysisReport } from '../report.js';

/** What only the browser tier checks: listed on a report it could not enrich. */
export const BROWSER_ONLY_CHECKS: readonly NotCheckedEntry['what'][] = [
  'Trackers that scripts add after the page opens (tag managers, ad networks)',
  'Cookies other sites set during the visit (third-party cookies)',
  'Browser fingerprinting (canvas, WebGL, audio, fonts)',
  'Whether what you type is sent before you submit (key logging)',
  'Session recording scripts',
  'Accessibility of the page as drawn: colour contrast, target size, ARIA',
  // The rendered-design detectors (browser/design-findings.ts): the HTML tier only guesses the
  // consent banner from its scripts and reads countdown wording, never how they behave.
  'How many clicks rejecting cookies takes on the cookie banner as shown',
  'Whether trackers load before you make a cookie choice',
  'Whether a countdown timer starts over when the page is reloaded',
  'Paid add-ons or marketing consent ticked in advance',
  'Decline or reject buttons drawn much less visibly than accept',
  'A screenshot of the first screen',
];

/** Why the browser tier did not run, for the reader of the report. */
export const BrowserUnavailableReasons = {
  switchedOff:
    'The real-browser check is switched off on this Frenly server, so only the page’s HTML was read.',
  noChromium:
    'This Frenly server has no browser installed to visit pages with, so only the page’s HTML was read.',
  failed: 'The page could not be visited in a real browser, so only its HTML was read.',
  timedOut: 'The visit in a real browser did not finish in time, so only the page’s HTML was read.',
  // Sites Frenly's crawler found, analysed without anyone asking (crawled-browser-visits.ts).
  crawledOff:
    'This Frenly server does not visit the sites its crawler finds in a real browser, so only the page’s HTML was read.',
  crawledOverBudget:
    'Frenly visits only a limited number of the sites its crawler finds in a real browser each minute, and this one was not among them, so only the page’s HTML was read.',
} as const;

/** A report a browser-tier job will enrich: every finding so far was read from the HTML. */
export function withBrowserPending(report: AnalysisReport): AnalysisReport {
  return {
    ...readFromHtml(report),
    browser: { state: 'pending' },
    notChecked: [],
    screenshotUrl: null,
  };
}

/** The HTML tier's report, marked as all it is: the browser tier could not run (or failed). */
export function withoutBrowser(
  report: AnalysisReport,
  state: 'unavailable' | 'failed',
  reason: string,
): AnalysisReport {
  return {
    ...readFromHtml(report),
    browser: { state, reason },
    notChecked: BROWSER_ONLY_CHECKS.map((what) => ({ what, why: reason })),
    screenshotUrl: null,
  };
}

function readFromHtml(report: AnalysisReport): AnalysisReport {
  return {
    ...report,
    evidence: {
      ...report.evidence,
      checks: report.evidence.checks.map((check) => ({ ...check, seenBy: check.seenBy ?? 'html' })),
      manipulation: report.evidence.manipulation.map((finding) => ({
        ...finding,
        seenBy: finding.seenBy ?? 'html',
      })),
      privacy: {
        ...report.evidence.privacy,
        trackers: report.evidence.privacy.trackers.map((tracker) => ({
          ...tracker,
          seenBy: tracker.seenBy ?? 'html',
        })),
      },
    },
  };
}
