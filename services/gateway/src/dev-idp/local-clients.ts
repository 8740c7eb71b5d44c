import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (in any spelling), also as an IPv4-mapped IPv6 address (a dual-stack socket's view). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const ipv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1] ?? plain;
  const family = isIP(ipv4);
  return family !== 0 && LOOPBACK.check(ipv4, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a request comes from this machine: its connection is on loopback, and if a proxy on
 * this machine says it forwards for someone (X-Forwarded-For, Forwarded), that someone is on
 * loopback too. A forwarding header can only make the answer "no": whoever sends a false one
 * from elsewhere still arrives on a non-loopback connection.
 */
export function isLocalClient(req: Pick<IncomingMessage, 'socket' | 'headers'>): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return forwardedFor(req.headers).every(isLoopbackAddress);
}

function forwardedFor(headers: IncomingMessage['headers']): string[] {
  const joined = (value: string | string[] | undefined): string =>
    Array.isArray(value) ? value.join(',') : (value ?? '');
  const xff = joined(headers['x-forwarded-for'])
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // RFC 7239: for=192.0.2.1, for="[2001:db8::1]:4711", for=unknown, for=_hidden (the last two are not loopback).
  const forwarded = [...joined(headers.forwarded).matchAll(/for\s*=\s*"?([^";,]*)"?/gi)].map(
    (match) =>
      (match[1] ?? '')
        .trim()
        .replace(/^\[([^\]]*)\](:\d+)?$/, '$1')
        .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1'),
  );
  return [...xff, ...forwarded];
}
