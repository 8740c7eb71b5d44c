import type { IncomingMessage } from 'node:http';
import { IDENTITY_HEADER, type IdentityTokens } from '@frenly/platform';
import type { Visitor } from './search.service.js';

export interface VisitorSource {
  /** Behind the gateway: the address comes from X-Forwarded-For, not from the socket. */
  readonly trustForwardedFor: boolean;
  /** X-Forwarded-For entries, from the right, that trusted proxies appended (the gateway's is one). */
  readonly forwardedHops: number;
  readonly tokens: IdentityTokens;
}

/**
 * Who is searching: the signed-in user the gateway vouches for, if any, and the client
 * address. Behind the gateway the address is the X-Forwarded-For entry `forwardedHops` from
 * the right: the hop the outermost trusted proxy saw. Entries further left are whatever the
 * client claimed and are ignored. The User-Agent is not read: anyone can send any.
 */
export function visitorOf(request: IncomingMessage, source: VisitorSource): Visitor {
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const trusted = source.trustForwardedFor
    ? hops[Math.max(0, hops.length - source.forwardedHops)]
    : undefined;
  const ip = trusted ?? request.socket.remoteAddress ?? 'unknown';
  const header = request.headers[IDENTITY_HEADER];
  const userId = source.tokens.verify(Array.isArray(header) ? header[0] : header)?.userId;
  return userId === undefined ? { ip } : { ip, userId };
}
