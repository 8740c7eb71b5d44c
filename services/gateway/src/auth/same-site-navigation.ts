import type { IncomingMessage } from 'node:http';
import { isOwnOrigin, type OwnOriginPolicy } from '@frenly/platform';

export type SiteOriginPolicy = OwnOriginPolicy;

/** Sec-Fetch-Site values of a navigation this site (or the user, typing the address) started. */
const OWN_SITE = new Set(['same-origin', 'same-site', 'none']);

/**
 * Whether a GET navigation came from this site or from the user, not from another site's link,
 * image or redirect: Sec-Fetch-Site when the browser sends it (every current browser does),
 * else an Origin or Referer of this origin (scheme, host and port). A request with none of
 * them proves nothing (an old browser following a `rel=noreferrer` link looks exactly like
 * that), so it does not count as same-site.
 */
export function isSameSiteNavigation(req: IncomingMessage, policy: SiteOriginPolicy): boolean {
  const fetchSite = single(req.headers['sec-fetch-site'])?.toLowerCase();
  if (fetchSite !== undefined) return OWN_SITE.has(fetchSite);
  const origin = single(req.headers.origin);
  if (origin !== undefined) return isOwnOrigin(origin, req, policy);
  const referer = single(req.headers.referer);
  if (referer !== undefined) return isOwnOrigin(referer, req, policy);
  return false;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
