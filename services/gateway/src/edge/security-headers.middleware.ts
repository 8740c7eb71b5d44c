import helmet, { type HelmetOptions } from 'helmet';
import { isHttpsRequest, type HttpMiddleware } from '@frenly/platform';

/**
 * The app's Content-Security-Policy. The built frontend loads only its own files: scripts and
 * styles from /assets, its icons, the API and the /ws websocket, all on the same origin ('self'
 * covers ws: and wss: to this host). No inline script, no eval, no inline style attribute.
 *
 * One allowance: <style> elements. Radix's scroll lock (the stake dialog) injects one whose
 * text depends on the scrollbar's width, so no hash can cover it, and a nonce would have to be
 * written into index.html per response, which then could not be cached or precompressed.
 * Styles cannot run code; scripts, which can, stay 'self' only.
 * Pages with needs of their own send their own policy in its place: the development identity
 * provider's, and the API documentation (services/gateway/src/docs).
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'none'"],
  'img-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'style-src-elem': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'none'"],
  'worker-src': ["'self'"],
};

/** A year; sent only over https (a browser ignores it over http, and localhost must stay reachable). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * Browser features the app never uses, switched off for it and anything it might embed; the
 * microphone stays allowed for the app's own origin (the search home's voice input).
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(self), geolocation=(), payment=(), usb=(), browsing-topics=()';

export function helmetOptions(https: boolean): HelmetOptions {
  const directives: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(CONTENT_SECURITY_POLICY))
    directives[name] = [...values];
  if (https) directives['upgrade-insecure-requests'] = [];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/** Helmet's headers for one kind of request, computed once: they do not depend on the request. */
type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * Runs helmet once against a response stand-in and keeps what it set, so that helmet stays the
 * source of truth while a request costs one loop instead of a dozen middlewares (measured: helmet
 * was ~9 % of the gateway's CPU per proxied stake).
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let finished = false;
  helmet(options)({} as never, response as never, () => {
    finished = true;
  });
  // helmet's middlewares are synchronous; anything else would mean this shortcut is wrong.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

/**
 * Security headers on every response, from helmet: the CSP above, nosniff, DENY framing (also
 * frame-ancestors), Referrer-Policy same-origin (a search engine does not tell the sites in its
 * results what was searched), cross-origin isolation of windows and resources, and over https
 * HSTS and upgrade-insecure-requests. Installed first, so that even the edge's own refusals
 * (413, 429) carry them; forwarded answers keep them too (the forwarder only adds headers).
 * helmet also removes X-Powered-By, which Express no longer sets here (`x-powered-by` disabled).
 */
export function securityHeadersMiddleware(trustProxy: boolean): HttpMiddleware {
  const overHttp = helmetHeaders(helmetOptions(false));
  const overHttps = helmetHeaders(helmetOptions(true));
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    for (const [name, value] of isHttpsRequest(req, trustProxy) ? overHttps : overHttp)
      res.setHeader(name, value);
    res.removeHeader('X-Powered-By');
    next();
  };
}
