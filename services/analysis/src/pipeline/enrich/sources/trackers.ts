// Trackers the browser actually contacted, by organisation (TrackerDB), on the homepage and the
// inner page, added to what the HTML tier saw referenced (a tag manager's injected scripts are
// invisible to it). An organisation both saw is reported as contacted in the browser; one only
// the HTML references stays, marked as read from the HTML: its script may simply have failed to
// load during the visit, and the page still loads it for its visitors. The privacy checks are
// answered from the merged list.
import type { ContactedTracker } from '../../../browser/index.js';
import { clamp01, counted, linear, plural, type CheckResult } from '../../evidence/check.js';
import { CATEGORY_RANK, TRACKING_CATEGORIES, type TrackerFinding } from '../../evidence/privacy.js';
import { isSiteOwn, siteOwnerOf } from '../../trackers/first-party.js';
import { partyOf } from '../../trackers/tracker-catalog.js';
import { pagesOf } from '../browser-evidence.js';
import type { BrowserContribution, EnrichContext } from '../finding-source.js';

export const SEEN_IN_BROWSER = 'contacted in a real browser';

function rank(category: string): number {
  return CATEGORY_RANK[category] ?? 0;
}

/** The organisations that track (TrackerDB's tracking categories), the site's own excluded. */
export function browserTrackers(context: EnrichContext): TrackerFinding[] {
  const { site, catalog } = context;
  const pageUrl = site.homepage.finalUrl;
  const owner = siteOwnerOf(partyOf(pageUrl, pageUrl)?.domain ?? '', catalog);
  const merged = new Map<string, ContactedTracker[]>();
  for (const page of pagesOf(site))
    for (const tracker of page.trackers)
      merged.set(tracker.organization, [...(merged.get(tracker.organization) ?? []), tracker]);
  const findings: TrackerFinding[] = [];
  for (const [organization, seen] of merged) {
    const names = [...new Set(seen.flatMap((tracker) => tracker.names))].sort();
    if (names.every((name) => isSiteOwn(owner, organization, name))) continue;
    const categories = seen.flatMap((tracker) => tracker.categories);
    const tracking = categories.filter((category) => TRACKING_CATEGORIES.has(category));
    if (tracking.length === 0) continue;
    const category = tracking.reduce((best, next) => (rank(next) > rank(best) ? next : best));
    findings.push({
      organization,
      category,
      names,
      examples: [...new Set(seen.flatMap((tracker) => tracker.hosts))].sort().slice(0, 2),
      seen: [SEEN_IN_BROWSER],
    });
  }
  return findings.sort(
    (a, b) => rank(b.category) - rank(a.category) || a.organization.localeCompare(b.organization),
  );
}

function thirdPartyDomains(context: EnrichContext, scriptsOnly: boolean): string[] {
  const domains = new Set<string>();
  for (const page of pagesOf(context.site))
    for (const request of page.requests) {
      if (!request.thirdParty || request.failure !== null) continue;
      if (scriptsOnly && request.type !== 'script') continue;
      const domain = partyOf(request.url, page.finalUrl)?.domain;
      if (domain) domains.add(domain);
    }
  return [...domains].sort();
}

/** The browser's trackers, then the HTML tier's that the browser did not contact. */
export function mergedTrackers(context: EnrichContext): TrackerFinding[] {
  const browser = browserTrackers(context);
  const contacted = new Set(browser.map((tracker) => tracker.organization));
  return [
    ...browser,
    ...context.html.evidence.privacy.trackers.filter(
      (tracker) => !contacted.has(tracker.organization),
    ),
  ].sort(
    (a, b) => rank(b.category) - rank(a.category) || a.organization.localeCompare(b.organization),
  );
}

/** The privacy checks of the HTML tier, answered from what the browser contacted and the HTML references. */
export function trackerSource(context: EnrichContext): BrowserContribution {
  const trackers = mergedTrackers(context);
  const inCategory = (...categories: string[]) =>
    trackers.filter((tracker) => categories.includes(tracker.category));
  const names = (list: readonly TrackerFinding[]) =>
    list.map((tracker) => `${tracker.organization} (${tracker.seen.join(' and ')})`).join(', ');
  const organisations = (list: readonly TrackerFinding[]) =>
    list.map((tracker) => tracker.organization).join(', ');
  const describe = (list: readonly TrackerFinding[]) =>
    list.map(
      (tracker) =>
        `${tracker.organization} (${tracker.names.slice(0, 2).join(', ')}), seen ${tracker.seen.join(' and ')} (${tracker.examples.join(', ')})`,
    );
  const advertising = inCategory('advertising', 'pornvertising');
  const analytics = inCategory('site_analytics');
  const social = inCategory('social_media');
  const other = inCategory('customer_interaction', 'misc');
  const scripts = thirdPartyDomains(context, true);
  const contacted = thirdPartyDomains(context, false);
  const checks: CheckResult[] = [
    {
      id: 'privacy.advertising-trackers',
      score: clamp01(1 - 0.5 * advertising.length),
      detail:
        advertising.length === 0
          ? 'No advertising tracker was contacted in a real browser or referenced by the HTML.'
          : `${counted(advertising.length, 'advertising organisation', 'tracks', 'track')} visitors: ${names(advertising)}.`,
      fix: `Remove advertising trackers (${organisations(advertising)}) or load them only after consent.`,
      strength:
        trackers.length === 0
          ? 'No third-party tracker contacted in a real browser'
          : advertising.length === 0
            ? 'No advertising tracker contacted in a real browser'
            : undefined,
      evidence: describe(advertising),
    },
    {
      id: 'privacy.analytics-trackers',
      score: clamp01(1 - 0.35 * analytics.length),
      detail:
        analytics.length === 0
          ? 'No third-party analytics was contacted in a real browser or referenced by the HTML.'
          : `${counted(analytics.length, 'analytics provider', 'counts', 'count')} visits: ${names(analytics)}.`,
      fix: 'Use one privacy-friendly, first-party analytics tool instead of third-party trackers.',
      evidence: describe(analytics),
    },
    {
      id: 'privacy.social-trackers',
      score: clamp01(1 - 0.35 * social.length),
      detail:
        social.length === 0
          ? 'No social-media tracker was contacted in a real browser or referenced by the HTML.'
          : `${counted(social.length, 'social-media tracker', 'follows', 'follow')} visitors: ${names(social)}.`,
      fix: 'Replace embedded social widgets with plain links (they report every visit).',
      evidence: describe(social),
    },
    {
      id: 'privacy.other-trackers',
      score: clamp01(1 - 0.2 * other.length),
      detail:
        other.length === 0
          ? 'No other tracking service was contacted in a real browser or referenced by the HTML.'
          : `${plural(other.length, 'other tracking service')}: ${names(other)}.`,
      fix: 'Review chat, survey and miscellaneous tracking services; load them on demand.',
      evidence: describe(other),
    },
    {
      id: 'privacy.tracker-count',
      score: clamp01(1 - 0.2 * trackers.length),
      detail:
        trackers.length === 0
          ? 'No tracking organisation was contacted in a real browser or referenced by the HTML.'
          : `${plural(trackers.length, 'tracking organisation')} in total (${[...new Set(trackers.flatMap((tracker) => tracker.seen))].sort().join(' and ')}).`,
      fix: 'Every tracking organisation you remove is one less company that follows your visitors.',
    },
    {
      id: 'privacy.third-party-scripts',
      score: linear(scripts.length, 2, 12),
      detail: `In a real browser the site ran scripts from ${plural(scripts.length, 'third-party domain')}.`,
      fix: 'Host scripts yourself or drop the ones you do not need: every third-party script sees every visit.',
      strength: scripts.length === 0 ? 'Ran no third-party script in a real browser' : undefined,
      evidence: scripts.slice(0, 5),
    },
    {
      id: 'privacy.third-party-requests',
      score: linear(contacted.length, 5, 30),
      detail: `In a real browser the site contacted ${plural(contacted.length, 'third-party domain')}.`,
      fix: 'Cut the number of third parties the page contacts.',
      evidence: contacted.slice(0, 5),
    },
  ];
  return { checks, trackers };
}
