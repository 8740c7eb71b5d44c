import {
  partyOf,
  type ResourceType,
  type TrackerCatalog,
} from '../pipeline/trackers/tracker-catalog.js';
import type {
  ContactedTracker,
  ObservedCookie,
  ObservedRequest,
  ObservedResourceType,
} from './browser-observation.js';

/** A request as the recorder saw it, before TrackerDB and party are decided. */
export type RawRequest = Omit<ObservedRequest, 'thirdParty' | 'tracker'> & {
  readonly mainFrame: boolean;
};

/** TrackerDB (adblocker) request types for the browser's resource types. */
export function trackerDbType(
  type: ObservedResourceType,
  mainFrame: boolean,
): ResourceType | 'document' {
  switch (type) {
    case 'document':
      return mainFrame ? 'document' : 'sub_frame';
    case 'script':
    case 'image':
    case 'stylesheet':
    case 'media':
      return type;
    case 'xhr':
    case 'fetch':
    case 'eventsource':
      return 'xmlhttprequest';
    case 'font':
    case 'texttrack':
    case 'websocket':
    case 'manifest':
    case 'other':
      return 'other';
  }
}

/** Party and TrackerDB verdict of every request; the main document is never its own tracker. */
export function classifyRequests(
  raw: readonly RawRequest[],
  pageUrl: string,
  catalog: TrackerCatalog,
): ObservedRequest[] {
  return raw.map(({ mainFrame, ...request }) => {
    const type = trackerDbType(request.type, mainFrame);
    const matches = type === 'document' ? [] : catalog.match(request.url, type, pageUrl);
    const first = matches[0];
    return {
      ...request,
      thirdParty: partyOf(request.url, pageUrl)?.thirdParty ?? false,
      tracker: first
        ? { name: first.name, organization: first.organization, category: first.category }
        : null,
    };
  });
}

/** Trackers contacted, by organisation: only requests that left the page (not refused ones). */
export function contactedTrackers(requests: readonly ObservedRequest[]): ContactedTracker[] {
  const byOrganization = new Map<
    string,
    {
      names: Set<string>;
      categories: Set<string>;
      hosts: Set<string>;
      initiators: Set<string>;
      requests: number;
    }
  >();
  for (const request of requests) {
    if (
      !request.tracker ||
      (request.failure && /refused|ERR_TUNNEL|ERR_PROXY/i.test(request.failure))
    )
      continue;
    const { organization, name, category } = request.tracker;
    const entry = byOrganization.get(organization) ?? {
      names: new Set<string>(),
      categories: new Set<string>(),
      hosts: new Set<string>(),
      initiators: new Set<string>(),
      requests: 0,
    };
    entry.names.add(name);
    entry.categories.add(category);
    entry.hosts.add(new URL(request.url).hostname);
    if (request.initiator) entry.initiators.add(request.initiator);
    entry.requests++;
    byOrganization.set(organization, entry);
  }
  return [...byOrganization.entries()]
    .map(([organization, entry]) => ({
      organization,
      names: [...entry.names].sort(),
      categories: [...entry.categories].sort(),
      hosts: [...entry.hosts].sort(),
      requests: entry.requests,
      initiators: [...entry.initiators],
    }))
    .sort((a, b) => a.organization.localeCompare(b.organization));
}

/** A cookie from the browser's jar (Playwright's shape). */
export interface JarCookie {
  readonly name: string;
  readonly domain: string;
  /** Unix seconds; -1 for a session cookie. */
  readonly expires: number;
  readonly httpOnly: boolean;
  readonly secure: boolean;
  readonly sameSite: 'Strict' | 'Lax' | 'None';
}

/** First or third party, lifetime and owner of every cookie, relative to the page and the visit time. */
export function classifyCookies(
  jar: readonly JarCookie[],
  pageUrl: string,
  visitedAtSeconds: number,
  catalog: TrackerCatalog,
): ObservedCookie[] {
  return jar.map((cookie) => {
    const host = cookie.domain.replace(/^\./, '');
    const cookieUrl = `https://${host}/`;
    const party = partyOf(cookieUrl, pageUrl);
    // Domain-level TrackerDB patterns name the owner of a tracking domain whatever the path.
    const owner = catalog.match(cookieUrl, 'script', pageUrl)[0];
    return {
      name: cookie.name,
      domain: cookie.domain,
      thirdParty: party?.thirdParty ?? false,
      lifetimeSeconds:
        cookie.expires < 0 ? null : Math.max(0, Math.round(cookie.expires - visitedAtSeconds)),
      owner: owner?.organization ?? party?.domain ?? host,
      category: owner?.category ?? null,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
    };
  });
}
