// What the real browser recorded beyond the checks, kept in the report for the evidence view:
// small, JSON-friendly digests of the site observation (no request log, no screenshot bytes).
import type {
  AccessibilityViolation,
  FingerprintingFinding,
  KeyLoggingFinding,
  ObservedCookie,
  SessionRecordingFinding,
  SiteObservation,
} from '../../browser/index.js';

export interface BrowserEvidence {
  /** Pages visited, homepage first. */
  readonly pages: readonly string[];
  /** Why no inner page was visited, when none was. */
  readonly innerPageSkipped: string | null;
  readonly cookies: readonly ObservedCookie[];
  readonly fingerprinting: readonly FingerprintingFinding[];
  readonly keyLogging: readonly KeyLoggingFinding[];
  readonly sessionRecording: readonly SessionRecordingFinding[];
  /** axe-core on the rendered homepage; null when it did not finish within the budget. */
  readonly accessibility: {
    readonly axeVersion: string;
    readonly violations: readonly AccessibilityViolation[];
  } | null;
  /** A page hit its time budget: what was recorded until then is kept. */
  readonly timedOut: boolean;
  readonly trackerDbVersion: string;
}

/** Cookies kept at most (a page with hundreds adds nothing past these). */
const MAX_COOKIES = 50;

export function pagesOf(site: SiteObservation) {
  return site.innerPage ? [site.homepage, site.innerPage] : [site.homepage];
}

/** The same finding seen on both pages counts once. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

export function browserEvidenceOf(site: SiteObservation): BrowserEvidence {
  const pages = pagesOf(site);
  const audit = site.homepage.accessibility;
  return {
    pages: pages.map((page) => page.finalUrl),
    innerPageSkipped: site.innerPageSkipped,
    cookies: uniqueBy(
      pages.flatMap((page) => page.cookies),
      (cookie) => `${cookie.domain} ${cookie.name}`,
    ).slice(0, MAX_COOKIES),
    fingerprinting: uniqueBy(
      pages.flatMap((page) => page.fingerprinting),
      (finding) => `${finding.script ?? ''} ${finding.techniques.join(',')}`,
    ),
    keyLogging: uniqueBy(
      pages.flatMap((page) => page.keyLogging),
      (finding) => `${finding.host} ${finding.field}`,
    ),
    sessionRecording: uniqueBy(
      pages.flatMap((page) => page.sessionRecording),
      (finding) => finding.script,
    ),
    accessibility: audit ? { axeVersion: audit.axeVersion, violations: audit.violations } : null,
    timedOut: pages.some((page) => page.timedOut),
    trackerDbVersion: site.homepage.trackerDbVersion,
  };
}
