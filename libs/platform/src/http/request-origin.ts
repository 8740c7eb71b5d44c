import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** The first value of a header that proxies may repeat or comma-join. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}

/** Whether the browser reached us over https (X-Forwarded-Proto counts only behind a trusted proxy). */
export function isHttpsRequest(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  return trustProxy && firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https';
}

/** The host the browser asked for (X-Forwarded-Host only behind a trusted proxy). */
export function requestHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  return (
    (trustProxy ? firstValue(req.headers['x-forwarded-host']) : undefined) ??
    firstValue(req.headers.host)
  );
}

/** The origin the browser sees for this request, e.g. `http://127.0.0.1:3000`. */
export function requestOrigin(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const host = requestHost(req, trustProxy);
  if (!host || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return undefined;
  return `${isHttpsRequest(req, trustProxy) ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** The app's origin for links that leave and come back (sign-in callbacks): configured, else the request's. */
export function appOriginFor(
  req: IncomingMessage,
  settings: { publicOrigin: string | undefined; trustProxy: boolean },
): string | undefined {
  return settings.publicOrigin ?? requestOrigin(req, settings.trustProxy);
}

/** How a service knows its own origin: configured (FRENLY_PUBLIC_URL), else the request's. */
export interface OwnOriginPolicy {
  readonly publicOrigin: string | undefined;
  readonly trustProxy: boolean;
}

/**
 * Whether `url` (an Origin or Referer header) is this site: http or https, scheme, host and port
 * equal to FRENLY_PUBLIC_URL's origin or to the origin the browser used for this request
 * (`http://host:80` and `http://host` are one origin). An opaque origin (`null`) never is.
 */
export function isOwnOrigin(url: string, req: IncomingMessage, policy: OwnOriginPolicy): boolean {
  let origin: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    origin = parsed.origin;
  } catch {
    return false;
  }
  if (policy.publicOrigin !== undefined && origin === policy.publicOrigin) return true;
  const own = requestOrigin(req, policy.trustProxy);
  if (own === undefined) return false;
  try {
    return origin === new URL(own).origin;
  } catch {
    return false;
  }
}
