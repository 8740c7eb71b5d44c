import type { IncomingMessage } from 'node:http';
import type { Visitor } from './search.service.js';

/**
 * The visitor's address and user agent. Behind the gateway (trustForwardedFor) the address is
 * the last X-Forwarded-For hop, the one the gateway itself appended; earlier hops are whatever
 * the client claimed and are ignored.
 */
export function visitorOf(request: IncomingMessage, trustForwardedFor: boolean): Visitor {
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
  const ip = (trustForwardedFor ? hops[hops.length - 1] : undefined) ?? request.socket.remoteAddress ?? 'unknown';
  const agent = request.headers['user-agent'];
  return { ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : '' };
}
