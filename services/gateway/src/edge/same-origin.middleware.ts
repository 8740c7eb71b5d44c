import type { IncomingMessage } from 'node:http';
import { isOwnOrigin, type HttpMiddleware, type OwnOriginPolicy } from '@frenly/platform';
import { canonicalPath } from './canonical-path.js';
import { writeError } from './write-error.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The paths a browser session can act on: the API and the sign-in/out routes. */
const PROTECTED = /^\/(api|auth)(\/|$)/;

export type OriginPolicy = OwnOriginPolicy;

/**
 * Refuses (403) a state-changing request that another site made a browser send. Uses
 * Sec-Fetch-Site when the browser sends it (only `same-origin` and `none` pass), otherwise
 * Origin, which must be FRENLY_PUBLIC_URL's origin or the request's own host. A request with
 * neither header is not from a browser page (curl, services, benchmarks) and passes.
 */
export function sameOriginMiddleware(policy: OriginPolicy): HttpMiddleware {
  return (req, res, next) => {
    if (!MUTATING.has(req.method ?? 'GET') || !PROTECTED.test(canonicalPath(req.url)))
      return next();
    const verdict = judge(req, policy);
    if (verdict === undefined) return next();
    writeError(req, res, 403, verdict, 'CROSS_SITE_REQUEST');
  };
}

/** undefined = allowed; otherwise why not. */
export function judge(req: IncomingMessage, policy: OriginPolicy): string | undefined {
  const fetchSite = single(req.headers['sec-fetch-site'])?.toLowerCase();
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none'
      ? undefined
      : `Cross-site request refused (Sec-Fetch-Site: ${fetchSite.slice(0, 20)})`;
  }
  const origin = single(req.headers.origin);
  if (origin === undefined) return undefined;
  if (isOwnOrigin(origin, req, policy)) return undefined;
  return 'Cross-site request refused (Origin does not match this site)';
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
