// Privacy: who else learns about the visit. Only what the page loads counts: script, iframe,
// img, stylesheet, media, link rel=preload/prefetch, and the scripts and pixels inline snippets
// load. Links, form actions and URLs mentioned in JSON load nothing and are never trackers; the
// site's own organisation (its CDN and sister domains, per TrackerDB) is first party. Trackers
// are named by organisation and category from Ghostery's TrackerDB, with how each was seen.
import type { PageFacts, ResourceFact } from '../scan/page-facts.js';
import type { PageSnapshot } from '../snapshot.js';
import { clip } from '../text/snippet.js';
import { isSiteOwn, siteOwnerOf } from '../trackers/first-party.js';
import { partyOf, type ResourceType, type TrackerCatalog } from '../trackers/tracker-catalog.js';
import { clamp01, counted, linear, plural, type CheckResult } from './check.js';
import { cookiesOf } from './cookies.js';

/** TrackerDB categories that collect data about the visitor. */
export const TRACKING_CATEGORIES = new Set([
  'advertising',
  'site_analytics',
  'social_media',
  'pornvertising',
  'customer_interaction',
  'misc',
]);
export const CATEGORY_RANK: Record<string, number> = {
  advertising: 6,
  pornvertising: 5,
  social_media: 4,
  site_analytics: 3,
  customer_interaction: 2,
  misc: 1,
};
const CATEGORY_NAMES: Record<string, string> = {
  advertising: 'advertising',
  pornvertising: 'adult advertising',
  social_media: 'social media',
  site_analytics: 'analytics',
  customer_interaction: 'customer interaction',
  misc: 'miscellaneous tracking',
  consent: 'consent management',
  hosting: 'hosting/CDN',
  utilities: 'utilities',
  audio_video_player: 'media player',
  extensions: 'extensions',
};
/**
 * A static image, stylesheet or media file from an unclassified ("misc") organisation is a third
 * party, not a tracker: a Creative Commons badge is content. Scripts, frames and pixels that
 * snippets load still count, and so does every classified category.
 */
const STATIC_KINDS = new Set<ResourceFact['kind']>(['img', 'stylesheet', 'media']);
/** Third-party URLs matched against the tracker database, at most (bounds the cost of huge pages). */
const MAX_MATCHED_URLS = 300;

export interface TrackerFinding {
  readonly organization: string;
  /** The most invasive category this organisation was seen in. */
  readonly category: string;
  readonly names: readonly string[];
  readonly examples: readonly string[];
  /** How it was seen: "in the page's HTML" (a script, img, iframe… element) and/or "in an inline script". */
  readonly seen: readonly string[];
}

export const SEEN_IN_HTML = "in the page's HTML";
export const SEEN_IN_INLINE_SCRIPT = 'in an inline script';

export interface ThirdPartyService {
  readonly organization: string;
  readonly category: string;
}

export interface PrivacyEvidence {
  readonly trackers: readonly TrackerFinding[];
  /** Third-party services that are not trackers (CDNs, consent managers, players…). */
  readonly services: readonly ThirdPartyService[];
  readonly consentManagers: readonly string[];
  readonly thirdPartyDomains: readonly string[];
  readonly thirdPartyScriptDomains: readonly string[];
  readonly cookies: { readonly total: number; readonly persistent: number };
  readonly trackerDbVersion: string;
}

function resourceType(kind: ResourceFact['kind']): ResourceType {
  switch (kind) {
    case 'script':
    case 'inline-script':
      return 'script';
    case 'iframe':
      return 'sub_frame';
    case 'img':
      return 'image';
    case 'stylesheet':
      return 'stylesheet';
    case 'media':
      return 'media';
    case 'preload':
    case 'preconnect':
    case 'form':
      return 'other';
  }
}

export function privacyChecks(
  facts: PageFacts,
  snapshot: PageSnapshot,
  catalog: TrackerCatalog,
): { checks: CheckResult[]; evidence: PrivacyEvidence } {
  const pageUrl = snapshot.finalUrl;
  const thirdPartyDomains = new Set<string>();
  const thirdPartyScriptDomains = new Set<string>();
  const trackers = new Map<
    string,
    { category: string; names: Set<string>; examples: string[]; seen: Set<string> }
  >();
  const services = new Map<string, string>();
  const seen = new Set<string>();
  const owner = siteOwnerOf(partyOf(pageUrl, pageUrl)?.domain ?? '', catalog);
  let matched = 0;

  for (const resource of facts.resources) {
    // A form's action is contacted only when the visitor submits it.
    if (resource.kind === 'form') continue;
    let absolute: string;
    try {
      absolute = new URL(resource.url, pageUrl).href;
    } catch {
      continue;
    }
    if (!/^https?:/.test(absolute) || seen.has(absolute)) continue;
    seen.add(absolute);
    const party = partyOf(absolute, pageUrl);
    if (!party?.thirdParty) continue;
    // The site's own CDN or sister domain (same organisation in TrackerDB) is first party.
    if (
      catalog
        .organisationsOfDomain(party.domain)
        .some((organisation) => isSiteOwn(owner, organisation))
    )
      continue;
    thirdPartyDomains.add(party.domain);
    if (resource.kind === 'script' || resource.kind === 'inline-script')
      thirdPartyScriptDomains.add(party.domain);
    if (resource.kind === 'preconnect' || matched >= MAX_MATCHED_URLS) continue;
    matched++;
    for (const match of catalog.match(absolute, resourceType(resource.kind), pageUrl)) {
      if (isSiteOwn(owner, match.organization, match.name)) continue;
      if (
        TRACKING_CATEGORIES.has(match.category) &&
        !(match.category === 'misc' && STATIC_KINDS.has(resource.kind))
      ) {
        const entry = trackers.get(match.organization) ?? {
          category: match.category,
          names: new Set<string>(),
          examples: [],
          seen: new Set<string>(),
        };
        if ((CATEGORY_RANK[match.category] ?? 0) > (CATEGORY_RANK[entry.category] ?? 0))
          entry.category = match.category;
        entry.names.add(match.name);
        entry.seen.add(resource.kind === 'inline-script' ? SEEN_IN_INLINE_SCRIPT : SEEN_IN_HTML);
        if (entry.examples.length < 2 && !entry.examples.includes(party.hostname))
          entry.examples.push(party.hostname);
        trackers.set(match.organization, entry);
      } else if (!services.has(match.organization)) {
        services.set(match.organization, match.category);
      }
    }
  }

  const trackerList: TrackerFinding[] = [...trackers]
    .map(([organization, entry]) => ({
      organization,
      category: entry.category,
      names: [...entry.names].sort(),
      examples: entry.examples,
      seen: [...entry.seen].sort(),
    }))
    .sort(
      (a, b) =>
        (CATEGORY_RANK[b.category] ?? 0) - (CATEGORY_RANK[a.category] ?? 0) ||
        a.organization.localeCompare(b.organization),
    );
  const serviceList = [...services]
    .map(([organization, category]) => ({ organization, category }))
    .sort((a, b) => a.organization.localeCompare(b.organization));
  const consentManagers = serviceList
    .filter((service) => service.category === 'consent')
    .map((service) => service.organization);
  const cookies = cookiesOf(snapshot);
  const persistentCookies = cookies.filter((cookie) => cookie.persistent).length;

  const inCategory = (...categories: string[]) =>
    trackerList.filter((tracker) => categories.includes(tracker.category));
  const describe = (list: TrackerFinding[]) =>
    list.map(
      (tracker) =>
        `${tracker.organization} (${tracker.names.slice(0, 2).join(', ')}), seen ${tracker.seen.join(' and ')}`,
    );
  const advertising = inCategory('advertising', 'pornvertising');
  const analytics = inCategory('site_analytics');
  const social = inCategory('social_media');
  const other = inCategory('customer_interaction', 'misc');
  /** " (seen in the page's HTML)": how the trackers of one sentence were seen. */
  const seenIn = (list: TrackerFinding[]) =>
    ` (seen ${[...new Set(list.flatMap((tracker) => tracker.seen))].sort().join(' and ')})`;
  const names = (list: TrackerFinding[]) => list.map((t) => t.organization).join(', ');

  const checks: CheckResult[] = [
    {
      id: 'privacy.advertising-trackers',
      score: clamp01(1 - 0.5 * advertising.length),
      detail:
        advertising.length === 0
          ? "No advertising trackers in the page's HTML."
          : `${counted(advertising.length, 'advertising organisation', 'tracks', 'track')} visitors${seenIn(advertising)}: ${names(advertising)}.`,
      fix: `Remove advertising trackers (${advertising.map((t) => t.organization).join(', ')}) or load them only after consent.`,
      strength:
        trackerList.length === 0
          ? "No third-party trackers in the page's HTML"
          : advertising.length === 0
            ? "No advertising trackers in the page's HTML"
            : undefined,
      evidence: describe(advertising),
    },
    {
      id: 'privacy.analytics-trackers',
      score: clamp01(1 - 0.35 * analytics.length),
      detail:
        analytics.length === 0
          ? "No third-party analytics in the page's HTML."
          : `${counted(analytics.length, 'analytics provider', 'counts', 'count')} visits${seenIn(analytics)}: ${names(analytics)}.`,
      fix: 'Use one privacy-friendly, first-party analytics tool instead of third-party trackers.',
      evidence: describe(analytics),
    },
    {
      id: 'privacy.social-trackers',
      score: clamp01(1 - 0.35 * social.length),
      detail:
        social.length === 0
          ? "No social-media trackers in the page's HTML."
          : `${counted(social.length, 'social-media tracker', 'follows', 'follow')} visitors${seenIn(social)}: ${names(social)}.`,
      fix: 'Replace embedded social widgets with plain links (they report every visit).',
      evidence: describe(social),
    },
    {
      id: 'privacy.other-trackers',
      score: clamp01(1 - 0.2 * other.length),
      detail:
        other.length === 0
          ? "No other tracking services in the page's HTML."
          : `${plural(other.length, 'other tracking service')}${seenIn(other)}: ${names(other)}.`,
      fix: 'Review chat, survey and miscellaneous tracking services; load them on demand.',
      evidence: describe(other),
    },
    {
      id: 'privacy.tracker-count',
      score: clamp01(1 - 0.2 * trackerList.length),
      detail:
        trackerList.length === 0
          ? "No tracking organisations in the page's HTML."
          : `${plural(trackerList.length, 'tracking organisation')} in total${seenIn(trackerList)}.`,
      fix: 'Every tracking organisation you remove is one less company that follows your visitors.',
    },
    {
      id: 'privacy.third-party-scripts',
      score: linear(thirdPartyScriptDomains.size, 2, 12),
      detail: `The page's HTML loads scripts from ${plural(thirdPartyScriptDomains.size, 'third-party domain')} (script elements and inline snippets).`,
      fix: 'Host scripts yourself or drop the ones you do not need: every third-party script sees every visit.',
      strength:
        thirdPartyScriptDomains.size === 0
          ? "Loads no third-party scripts in the page's HTML"
          : undefined,
      evidence: [...thirdPartyScriptDomains].sort().slice(0, 5),
    },
    {
      id: 'privacy.third-party-requests',
      score: linear(thirdPartyDomains.size, 5, 30),
      detail: `The page's HTML contacts ${plural(thirdPartyDomains.size, 'third-party domain')}.`,
      fix: 'Cut the number of third parties the page contacts.',
      evidence: [...thirdPartyDomains].sort().slice(0, 5),
    },
    {
      id: 'privacy.cookies',
      score: clamp01(1 - 0.2 * persistentCookies),
      detail:
        cookies.length === 0
          ? 'The page sets no cookies on arrival.'
          : `The page sets ${plural(cookies.length, 'cookie')} on arrival, ${persistentCookies} lasting beyond a day.`,
      fix: 'Set no long-lived cookies before the visitor consents.',
      evidence: cookies.slice(0, 3).map((cookie) => clip(cookie.name, 40)),
    },
  ];

  return {
    checks,
    evidence: {
      trackers: trackerList,
      services: serviceList,
      consentManagers,
      thirdPartyDomains: [...thirdPartyDomains].sort(),
      thirdPartyScriptDomains: [...thirdPartyScriptDomains].sort(),
      cookies: { total: cookies.length, persistent: persistentCookies },
      trackerDbVersion: catalog.version,
    },
  };
}

export function categoryName(category: string): string {
  return CATEGORY_NAMES[category] ?? category;
}
