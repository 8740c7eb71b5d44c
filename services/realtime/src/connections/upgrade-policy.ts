import type { IncomingMessage } from 'node:http';
import {
  IDENTITY_HEADER,
  isOwnOrigin,
  type Identity,
  type IdentityTokens,
  type OwnOriginPolicy,
} from '@frenly/platform';

export type OriginPolicy = OwnOriginPolicy;

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

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
