import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { HttpRequest, HttpResponse } from '@frenly/platform';
import { isSameSiteNavigation, type SiteOriginPolicy } from '../auth/same-site-navigation.js';
import { negotiateEncoding } from './content-encoding.js';
import type { StaticFile } from './static-files.js';

/**
 * The meta tag that tells the app how the browser arrived at a page that acts on its query when
 * it opens (/analysis?url= runs an analysis, spending the user's budget): `same-site` when this
 * site or the user started the navigation, `cross-site` otherwise. The page cannot see
 * Sec-Fetch-Site itself, and document.referrer is empty for both a typed address and a
 * rel=noreferrer link. The app acts at once only on `same-site`; a missing tag counts as
 * cross-site, so any other way of serving the HTML fails safe (a confirmation button).
 */
export const ARRIVAL_META_NAME = 'frenly-arrival';

/** Client-side routes whose HTML is marked (the rest keep the cached, precompressed index). */
const MARKED_PATHS: ReadonlySet<string> = new Set(['/analysis', '/analysis/']);

export function isMarkedPath(path: string): boolean {
  return MARKED_PATHS.has(path);
}

/** index.html with the arrival tag as the head's last element (unchanged if it has no head). */
export function markArrival(html: Buffer, sameSite: boolean): Buffer {
  const text = html.toString('utf8');
  const end = text.search(/<\/head>/i);
  if (end < 0) return html;
  const tag = `<meta name="${ARRIVAL_META_NAME}" content="${sameSite ? 'same-site' : 'cross-site'}">`;
  return Buffer.from(`${text.slice(0, end)}${tag}${text.slice(end)}`, 'utf8');
}

/**
 * Sends index.html marked for this request. Never stored (no-store, no ETag): the next arrival
 * may come from elsewhere, and a cached copy would carry the wrong mark. Compressed per request
 * (a few kilobytes, at a quick brotli level).
 */
export function sendMarkedIndex(
  index: StaticFile,
  req: HttpRequest,
  res: HttpResponse,
  policy: SiteOriginPolicy,
): void {
  const html = markArrival(index.identity, isSameSiteNavigation(req, policy));
  const accept = req.headers['accept-encoding'];
  const encoding = negotiateEncoding(Array.isArray(accept) ? accept.join(', ') : accept, [
    'br',
    'gzip',
  ]);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(html)
        : html;
  res.statusCode = 200;
  res.setHeader('Content-Type', index.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
