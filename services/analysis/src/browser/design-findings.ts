// What the rendered page's design becomes in the report: the consent check as a visitor's
// browser saw it (replacing the HTML tier's guess of the same id), and the manipulative patterns
// only a browser sees (a countdown that starts over on reload, an add-on or marketing box ticked
// in advance, a decline drawn much less visibly than accept). Every sentence says only what was
// observed: "Trackers were contacted before any consent choice" only when they were.
import type { CheckResult } from '../pipeline/evidence/check.js';
import { plural } from '../pipeline/evidence/check.js';
import type { ManipulationFinding } from '../pipeline/evidence/manipulation.js';
import { PATTERN_TYPES, type PatternType } from '../pipeline/dark-patterns/pattern-types.js';
import type { ConsentObservation, DesignObservation } from './design-observation.js';
import type { SiteObservation } from './observe-site.js';

export interface DesignFindings {
  readonly checks: readonly CheckResult[];
  readonly manipulation: readonly ManipulationFinding[];
}

/** The same scale as the HTML tier's consent check (evidence/friction.ts CONSENT_SCORES). */
const REJECT_ON_BANNER = 0.8;
const REJECT_DEEPER = 0.5;
const NO_REJECT_FOUND = 0.3;
/** A platform's banner whose choices were not inspected (the HTML tier's consent-manager-script). */
const PLATFORM_ONLY = 0.7;
/** Trackers before any choice: what the banner asks about has already happened. */
const TRACKERS_BEFORE_CHOICE_FACTOR = 0.5;

/** The homepage's and the inner page's design findings, each said once. */
export function designFindings(site: SiteObservation): DesignFindings {
  const pages = [site.homepage, site.innerPage].flatMap((page) =>
    page?.design ? [{ url: page.finalUrl, design: page.design }] : [],
  );
  const consent = pages.find((page) => page.design.consent?.bannerVisible)?.design.consent;
  const manipulation: ManipulationFinding[] = [];
  for (const { design } of pages) {
    for (const finding of manipulationOf(design)) {
      if (
        !manipulation.some((f) => f.pattern === finding.pattern && f.evidence === finding.evidence)
      )
        manipulation.push(finding);
    }
  }
  const check = consent ? consentCheck(consent) : null;
  return { checks: check ? [check] : [], manipulation };
}

/** The finding source enrichReport runs (its context carries the site observation). */
export function designSource(context: { readonly site: SiteObservation }): DesignFindings {
  return designFindings(context.site);
}

/** The consent check as the browser saw it; null when there is nothing it can say better than the HTML tier. */
export function consentCheck(consent: ConsentObservation): CheckResult | null {
  const trackers = consent.trackersBeforeChoice;
  // A banner whose controls Frenly could not reach was not searched for its reject control:
  // only the trackers are news.
  if (!consent.inspected && trackers.length === 0) return null;
  const heuristic = consent.cmp?.startsWith('HEURISTIC') ?? false;
  const who =
    (heuristic || !consent.cmp
      ? 'A cookie banner'
      : `A cookie banner (${consent.cmp}, recognised by autoconsent)`) +
    (consent.inspected && consent.frameHost !== null
      ? `, drawn in a frame from ${consent.frameHost},`
      : '');
  const reject = !consent.inspected
    ? 'was shown where Frenly could not reach its controls, so it did not look for a reject control'
    : consent.rejectClicks === 1
      ? `offers "${consent.rejectText ?? 'reject'}" on its first layer`
      : consent.rejectClicks !== null
        ? `offers "${consent.rejectText ?? 'reject'}" only after ${plural(consent.rejectClicks - 1, 'more click')} (${consent.path.map((step) => `"${step}"`).join(' → ')}), so rejecting takes ${consent.rejectClicks} clicks`
        : consent.path.length > 0
          ? `showed no reject control on its first layer nor after ${plural(consent.path.length, 'click')} on ${consent.path.map((step) => `"${step}"`).join(' → ')}`
          : 'showed no reject control Frenly could find';
  const before =
    trackers.length > 0
      ? ` Trackers were contacted before any consent choice: ${trackers.join(', ')}.`
      : ' No tracker was contacted before a consent choice.';
  const base = !consent.inspected
    ? PLATFORM_ONLY
    : consent.rejectClicks === 1
      ? REJECT_ON_BANNER
      : consent.rejectClicks !== null
        ? REJECT_DEEPER
        : NO_REJECT_FOUND;
  return {
    id: 'friction.cookie-consent',
    score: trackers.length > 0 ? base * TRACKERS_BEFORE_CHOICE_FACTOR : base,
    detail: `${who} ${reject}, in a real browser.${before}`,
    fix:
      trackers.length > 0
        ? 'Load no tracker before the visitor chooses, and offer "Reject all" beside "Accept all".'
        : 'Offer "Reject all" beside "Accept all", as prominently.',
    evidence: [
      ...(consent.cmp
        ? [
            heuristic
              ? "banner found by autoconsent's heuristic"
              : `consent platform: ${consent.cmp}`,
          ]
        : []),
      ...(consent.rejectText ? [`reject control: "${consent.rejectText}"`] : []),
      ...trackers.slice(0, 3).map((organisation) => `contacted before a choice: ${organisation}`),
    ],
  };
}

function manipulationOf(design: DesignObservation): ManipulationFinding[] {
  const findings: ManipulationFinding[] = [];
  const add = (
    type: PatternType,
    name: string,
    evidence: string,
    source: ManipulationFinding['source'],
  ): void => {
    findings.push({
      pattern: type.id,
      category: type.category,
      categories: [type.category],
      name,
      severity: type.severity,
      evidence,
      source,
    });
  };
  for (const timer of design.timers) {
    if (!timer.restartsOnReload || timer.afterReloadSeconds === null) continue;
    // The quote is what any visitor sees; the sampled values change from visit to visit and
    // stay in the observation.
    add(
      PATTERN_TYPES.countdown,
      'Countdown timer that starts over on reload',
      `a countdown (${describeTimer(timer.text)}) went down while watched, then started over after a reload`,
      'countdown',
    );
  }
  for (const option of design.preChecked) {
    if (option.kind === 'paid-add-on')
      add(
        PATTERN_TYPES.sneakIntoBasket,
        option.price
          ? `Paid add-on ticked in advance (${option.price})`
          : 'Add-on ticked in advance',
        option.label,
        'checkbox',
      );
    else
      add(
        PATTERN_TYPES.preChecked,
        'Marketing consent ticked in advance',
        option.label,
        'checkbox',
      );
  }
  for (const decline of design.deEmphasisedDeclines) {
    add(
      PATTERN_TYPES.visualInterference,
      decline.consentBanner
        ? 'Visual interference (reject drawn less visibly than accept)'
        : 'Visual interference (decline drawn less visibly than accept)',
      `"${decline.decline}" beside "${decline.accept}": ${decline.reasons.join(', ')}`,
      'dialog',
    );
  }
  return findings;
}

/** The timer's format without its changing digits: "mm:ss", "hh:mm:ss", "Nh Nm Ns". */
export function describeTimer(text: string): string {
  const clock = /\d{1,2}:\d{2}(?::\d{2})?/.exec(text);
  if (clock) return clock[0].split(':').length === 3 ? 'hh:mm:ss' : 'mm:ss';
  return text.replace(/\d+/g, 'N');
}
