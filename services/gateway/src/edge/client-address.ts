import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { networkOf } from '@frenly/safe-fetch';
import { forwardedClientAddress, type ProxyTrust } from './proxy-trust.js';

/**
 * The client's IP address. Behind trusted reverse proxies (FRENLY_TRUST_PROXY, with
 * FRENLY_TRUSTED_PROXIES and FRENLY_TRUSTED_PROXY_HOPS) it is the X-Forwarded-For entry the
 * outermost trusted proxy appended, and only when the socket's peer is one of them: entries
 * further left come from the client and could be anything. Otherwise the header is ignored.
 */
export function clientAddress(req: IncomingMessage, proxies: ProxyTrust | undefined): string {
  const peer = unmapped(req.socket.remoteAddress ?? 'unknown');
  if (proxies === undefined || req.headers['x-forwarded-for'] === undefined) return peer;
  const forwarded = unmapped(forwardedClientAddress(req, proxies).trim());
  return isIP(forwarded) ? forwarded : peer;
}

/**
 * The rate-limit key of an address: IPv4 as is, IPv6 by its /64 network, because one
 * subscriber is usually handed a whole /64 and could otherwise rotate through it.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return networkOf(address, { ipv4: 32, ipv6: 64 }) ?? address;
}

/** `::ffff:127.0.0.1` (an IPv4 client of a dual-stack socket) is `127.0.0.1`. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}
