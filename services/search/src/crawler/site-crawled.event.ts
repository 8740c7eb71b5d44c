import { gzipSync } from 'node:zlib';
import { SITE_CRAWLED_MAX_HTML_BYTES, Topics } from '@frenly/contracts';
import { makeEvent, type TypedEvent } from '@frenly/events';
import type { FetchedPage } from './site-crawler.js';

/** Headers the HTML tier reads (security, cookies, type); the rest stay out of the event. */
const KEPT_HEADERS = [
  'content-type',
  'content-security-policy',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'set-cookie',
  'server',
  'x-powered-by',
];

/**
 * `search.site-crawled`: a page as the crawler fetched it, for the HTML tier. The body
 * is cut at SITE_CRAWLED_MAX_HTML_BYTES (on a character boundary) and gzipped: a record stays
 * far under Kafka's 1 MB default whatever the page. Key: the site id.
 */
export function siteCrawledEvent(
  siteId: number,
  url: string,
  page: FetchedPage,
  reason: 'demand' | 'background',
): TypedEvent<typeof Topics.SiteCrawled> {
  const full = Buffer.from(page.html, 'utf8');
  const truncated = full.length > SITE_CRAWLED_MAX_HTML_BYTES;
  const kept = truncated
    ? Buffer.from(
        full
          .subarray(0, SITE_CRAWLED_MAX_HTML_BYTES)
          .toString('utf8')
          .replace(/\uFFFD+$/, ''),
        'utf8',
      )
    : full;
  const headers: Record<string, string | string[]> = {};
  for (const name of KEPT_HEADERS) {
    const value = page.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return makeEvent(Topics.SiteCrawled, siteId, {
    siteId,
    url,
    finalUrl: page.finalUrl,
    status: page.status,
    headers,
    tls: page.tls,
    certificateValid: page.certificateValid,
    redirects: page.redirects,
    bytes: page.bytes,
    htmlGzipBase64: gzipSync(kept).toString('base64'),
    htmlTruncated: truncated,
    fetchedAt: page.fetchedAt.toISOString(),
    reason,
  });
}
