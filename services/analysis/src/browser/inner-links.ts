import { partyOf } from '../pipeline/trackers/tracker-catalog.js';

/** Inner pages offered for the second visit (Blacklight's homepage + one inner page). */
export const MAX_INNER_LINKS = 10;

/**
 * Same-site http(s) links of the rendered page, in document order, without the page itself,
 * fragments or duplicates: candidates for the inner page the tier visits after the homepage.
 */
export function innerLinks(hrefs: readonly string[], pageUrl: string): string[] {
  const page = new URL(pageUrl);
  page.hash = '';
  const seen = new Set<string>([page.href]);
  const links: string[] = [];
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href, page);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (partyOf(url.href, page.href)?.thirdParty !== false) continue;
    links.push(url.href);
    if (links.length >= MAX_INNER_LINKS) break;
  }
  return links;
}
