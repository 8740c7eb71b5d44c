import type { IncomingMessage } from 'node:http';
import { IDENTITY_HEADER, type Identity, type IdentityTokens } from '@frenly/platform';

export interface OriginPolicy {
  readonly publicOrigin: string | undefined;
  readonly trustProxy: boolean;
}

export type UpgradeRefusal = {
  readonly status: 401 | 403 | 404;
  readonly code: 'SIGN_IN_REQUIRED' | 'CROSS_SITE_WEBSOCKET' | 'NOT_FOUND';
  readonly message: string;
};

export type UpgradeVerdict =
  | { readonly accepted: true; readonly identity: Identity }
  | { readonly accepted: false; readonly refusal: UpgradeRefusal };

/** Whether the path of `url` (query ignored) is the websocket endpoint itself. */
export function isEndpointPath(url: string | undefined, path: string): boolean {
  const pathname = (url ?? '/').split('?')[0];
  return pathname === path || pathname === `${path}/`;
}

/**
 * Cross-site websocket hijacking guard. Browsers always send Origin on a websocket handshake,
 * and a page of another site cannot forge it: it must be FRENLY_PUBLIC_URL's origin or the
 * host the browser connected to. Without Origin the client is not a browser page (a service,
 * a benchmark); it still needs a signed-in identity.
 */
export function originRefusal(
  req: IncomingMessage,
  policy: OriginPolicy,
): UpgradeRefusal | undefined {
  const origin = single(req.headers.origin);
  if (origin === undefined) return undefined;
  if (isOwnOrigin(origin, req, policy)) return undefined;
  return {
    status: 403,
    code: 'CROSS_SITE_WEBSOCKET',
    message: 'Cross-site websocket refused (Origin does not match this site)',
  };
}

/** The identity the gateway vouched for in the signed header, or the 401 refusal. */
export function identityOf(req: IncomingMessage, tokens: IdentityTokens): UpgradeVerdict {
  const identity = tokens.verify(single(req.headers[IDENTITY_HEADER]));
  if (!identity)
    return {
      accepted: false,
      refusal: { status: 401, code: 'SIGN_IN_REQUIRED', message: 'Sign in required' },
    };
  return { accepted: true, identity };
}

function isOwnOrigin(origin: string, req: IncomingMessage, policy: OriginPolicy): boolean {
  if (origin === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (policy.publicOrigin !== undefined && parsed.origin === policy.publicOrigin) return true;
  const host = requestHost(req, policy.trustProxy)?.toLowerCase();
  // Scheme too: a page on http://host must not open the socket of https://host (or back).
  return host !== undefined && parsed.host === host && parsed.protocol === `${requestScheme(req, policy.trustProxy)}:`;
}

/** The scheme the browser used (X-Forwarded-Proto only behind a trusted proxy). */
function requestScheme(req: IncomingMessage, trustProxy: boolean): 'http' | 'https' {
  const forwarded = trustProxy ? firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
}

/** The host the browser asked for (X-Forwarded-Host only behind a trusted proxy). */
function requestHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  return (
    (trustProxy ? firstValue(req.headers['x-forwarded-host']) : undefined) ??
    firstValue(req.headers.host)
  );
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return single(value)?.split(',')[0]?.trim() || undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
