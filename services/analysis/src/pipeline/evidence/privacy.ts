// Privacy: who else learns about the visit. Third-party resources come from the HTML (script,
// iframe, img, stylesheet, media, form and URLs written in inline scripts); trackers are named by
// organisation and category from Ghostery's TrackerDB.
import type { PageFacts, ResourceFact } from '../scan/page-facts.js';
import type { PageSnapshot } from '../snapshot.js';
import { clip } from '../text/snippet.js';
import { partyOf, type ResourceType, type TrackerCatalog } from '../trackers/tracker-catalog.js';
import { clamp01, linear, plural, type CheckResult } from './check.js';
import { cookiesOf } from './cookies.js';

/** TrackerDB categories that collect data about the visitor. */
export const TRACKING_CATEGORIES = new Set(['advertising', 'site_analytics', 'social_media', 'pornvertising', 'customer_interaction', 'misc']);
const CATEGORY_RANK: Record<string, number> = { advertising: 6, pornvertising: 5, social_media: 4, site_analytics: 3, customer_interaction: 2, misc: 1 };
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
/** Third-party URLs matched against the tracker database, at most (bounds the cost of huge pages). */
const MAX_MATCHED_URLS = 300;

export interface TrackerFinding {
  readonly organization: string;
  /** The most invasive category this organisation was seen in. */
  readonly category: string;
  readonly names: readonly string[];
  readonly examples: readonly string[];
}

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
    case 'inline-reference':
      return 'script';
    case 'iframe':
      return 'sub_frame';
    case 'img':
      return 'image';
    case 'stylesheet':
      return 'stylesheet';
    case 'media':
      return 'media';
    case 'preconnect':
    case 'form':
      return 'other';
  }
}

export function privacyChecks(facts: PageFacts, snapshot: PageSnapshot, catalog: TrackerCatalog): { checks: CheckResult[]; evidence: PrivacyEvidence } {
  const pageUrl = snapshot.finalUrl;
  const thirdPartyDomains = new Set<string>();
  const thirdPartyScriptDomains = new Set<string>();
  const trackers = new Map<string, { category: string; names: Set<string>; examples: string[] }>();
  const services = new Map<string, string>();
  const seen = new Set<string>();
  let matched = 0;

  for (const resource of facts.resources) {
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
    thirdPartyDomains.add(party.domain);
    if (resource.kind === 'script') thirdPartyScriptDomains.add(party.domain);
    if (matched >= MAX_MATCHED_URLS) continue;
    matched++;
    for (const match of catalog.match(absolute, resourceType(resource.kind), pageUrl)) {
      if (TRACKING_CATEGORIES.has(match.category)) {
        const entry = trackers.get(match.organization) ?? { category: match.category, names: new Set<string>(), examples: [] };
        if ((CATEGORY_RANK[match.category] ?? 0) > (CATEGORY_RANK[entry.category] ?? 0)) entry.category = match.category;
        entry.names.add(match.name);
        if (entry.examples.length < 2 && !entry.examples.includes(party.hostname)) entry.examples.push(party.hostname);
        trackers.set(match.organization, entry);
      } else if (!services.has(match.organization)) {
        services.set(match.organization, match.category);
      }
    }
  }

  const trackerList: TrackerFinding[] = [...trackers]
    .map(([organization, entry]) => ({ organization, category: entry.category, names: [...entry.names].sort(), examples: entry.examples }))
    .sort((a, b) => (CATEGORY_RANK[b.category] ?? 0) - (CATEGORY_RANK[a.category] ?? 0) || a.organization.localeCompare(b.organization));
  const serviceList = [...services].map(([organization, category]) => ({ organization, category })).sort((a, b) => a.organization.localeCompare(b.organization));
  const consentManagers = serviceList.filter((service) => service.category === 'consent').map((service) => service.organization);
  const cookies = cookiesOf(snapshot);
  const persistentCookies = cookies.filter((cookie) => cookie.persistent).length;

  const inCategory = (...categories: string[]) => trackerList.filter((tracker) => categories.includes(tracker.category));
  const describe = (list: TrackerFinding[]) => list.map((tracker) => `${tracker.organization} (${tracker.names.slice(0, 2).join(', ')})`);
  const advertising = inCategory('advertising', 'pornvertising');
  const analytics = inCategory('site_analytics');
  const social = inCategory('social_media');
  const other = inCategory('customer_interaction', 'misc');

  const checks: CheckResult[] = [
    {
      id: 'privacy.advertising-trackers',
      score: clamp01(1 - 0.5 * advertising.length),
      detail: advertising.length === 0 ? 'No advertising trackers found.' : `${plural(advertising.length, 'advertising organisation')} track visitors: ${advertising.map((t) => t.organization).join(', ')}.`,
      fix: `Remove advertising trackers (${advertising.map((t) => t.organization).join(', ')}) or load them only after consent.`,
      strength: trackerList.length === 0 ? 'No third-party trackers found' : advertising.length === 0 ? 'No advertising trackers' : undefined,
      evidence: describe(advertising),
    },
    {
      id: 'privacy.analytics-trackers',
      score: clamp01(1 - 0.35 * analytics.length),
      detail: analytics.length === 0 ? 'No third-party analytics found.' : `${plural(analytics.length, 'analytics provider')}: ${analytics.map((t) => t.organization).join(', ')}.`,
      fix: 'Use one privacy-friendly, first-party analytics tool instead of third-party trackers.',
      evidence: describe(analytics),
    },
    {
      id: 'privacy.social-trackers',
      score: clamp01(1 - 0.35 * social.length),
      detail: social.length === 0 ? 'No social-media trackers found.' : `Social-media trackers: ${social.map((t) => t.organization).join(', ')}.`,
      fix: 'Replace embedded social widgets with plain links (they report every visit).',
      evidence: describe(social),
    },
    {
      id: 'privacy.other-trackers',
      score: clamp01(1 - 0.2 * other.length),
      detail: other.length === 0 ? 'No other tracking services found.' : `Other tracking services: ${other.map((t) => t.organization).join(', ')}.`,
      fix: 'Review chat, survey and miscellaneous tracking services; load them on demand.',
      evidence: describe(other),
    },
    {
      id: 'privacy.tracker-count',
      score: clamp01(1 - 0.2 * trackerList.length),
      detail: trackerList.length === 0 ? 'No tracking organisations.' : `${plural(trackerList.length, 'tracking organisation')} in total.`,
      fix: 'Every tracking organisation you remove is one less company that follows your visitors.',
    },
    {
      id: 'privacy.third-party-scripts',
      score: linear(thirdPartyScriptDomains.size, 2, 12),
      detail: `Scripts load from ${plural(thirdPartyScriptDomains.size, 'third-party domain')}.`,
      fix: 'Host scripts yourself or drop the ones you do not need: every third-party script sees every visit.',
      strength: thirdPartyScriptDomains.size === 0 ? 'Runs no third-party scripts' : undefined,
      evidence: [...thirdPartyScriptDomains].sort().slice(0, 5),
    },
    {
      id: 'privacy.third-party-requests',
      score: linear(thirdPartyDomains.size, 5, 30),
      detail: `The page contacts ${plural(thirdPartyDomains.size, 'third-party domain')}.`,
      fix: 'Cut the number of third parties the page contacts.',
      evidence: [...thirdPartyDomains].sort().slice(0, 5),
    },
    {
      id: 'privacy.cookies',
      score: clamp01(1 - 0.2 * persistentCookies),
      detail: cookies.length === 0 ? 'The page sets no cookies on arrival.' : `The page sets ${plural(cookies.length, 'cookie')} on arrival, ${persistentCookies} lasting beyond a day.`,
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
