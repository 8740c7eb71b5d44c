import type { IncomingMessage } from 'node:http';
import { addressKey, clientAddress } from './client-address.js';
import { signedInUserOf } from './identity.middleware.js';
import type { ProxyTrust } from './proxy-trust.js';

/** Who a request counts against: its signed-in user, and the client's address. */
export interface RateLimitSubject {
  readonly userId: string | undefined;
  /** The address's rate-limit key (IPv6 by its /64). */
  readonly address: string;
  /** The counters' key: `user:<id>` when signed in, else `ip:<address>`. */
  readonly key: string;
}

/**
 * Per user when signed in, else per client IP, so people behind one address keep their own
 * budgets once signed in. Call it after the request's identity is attached.
 */
export function rateLimitSubjectOf(
  req: IncomingMessage,
  proxies: ProxyTrust | undefined,
): RateLimitSubject {
  const userId = signedInUserOf(req);
  const address = addressKey(clientAddress(req, proxies));
  return { userId, address, key: userId !== undefined ? `user:${userId}` : `ip:${address}` };
}
