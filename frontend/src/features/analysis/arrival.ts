/**
 * How the browser arrived at this document, as the gateway marked it in the HTML of /analysis
 * (services/gateway/src/frontend/arrival-marker.ts): the page cannot read Sec-Fetch-Site, and
 * document.referrer is empty both for a typed address and for another site's rel=noreferrer
 * link. Only an explicit `same-site` counts: no mark (a dev server, an old gateway) means ask.
 */
export const ARRIVAL_META_NAME = 'frenly-arrival';

export function documentArrivedFromThisSite(doc: Document = document): boolean {
  const meta = doc.querySelector(`meta[name="${ARRIVAL_META_NAME}"]`);
  return meta?.getAttribute('content') === 'same-site';
}

/**
 * React Router gives the document's own entry the key `default`; every entry the app pushed
 * itself (an in-app link or navigate()) has a generated key. Those came from this site.
 */
export function isInAppNavigation(locationKey: string): boolean {
  return locationKey !== 'default';
}
