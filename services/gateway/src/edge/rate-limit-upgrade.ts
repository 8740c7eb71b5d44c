import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorResponse } from '@frenly/contracts';
import {
  reasonPhrase,
  type JsonLogger,
  type UpgradeGuard,
  type UpgradeRefusal,
} from '@frenly/platform';
import type { RateLimitCounters, RateLimitVerdict } from './rate-limit-counters.js';
import { rateLimitSubjectOf } from './rate-limit-key.js';
import type { OpenSocketCounts, OpenSocketsFull } from './rate-limit-open-sockets.js';
import { WEBSOCKET_BUCKET } from './rate-limit-policy.js';
import type { ProxyTrust } from './proxy-trust.js';

export interface UpgradeGuardDependencies {
  /** Sets (or removes) the request's signed identity header. */
  readonly identify: (req: IncomingMessage) => Promise<void>;
  /** Absent when rate limits are off (FRENLY_RATE_LIMIT=false): upgrades are only identified. */
  readonly limits?: {
    readonly counters: RateLimitCounters;
    readonly openSockets: OpenSocketCounts;
    /** Whose X-Forwarded-For to believe (undefined: nobody's). */
    readonly proxies: ProxyTrust | undefined;
  };
  readonly logger: JsonLogger;
}

/** A slot frees when one of the client's sockets closes: no telling when, so a plain hint. */
const OPEN_SOCKETS_RETRY_AFTER_SECONDS = 30;

export function createUpgradeGuard(dependencies: UpgradeGuardDependencies): UpgradeGuard {
  const { identify, limits } = dependencies;
  const log = dependencies.logger.forContext('rate-limit');
  return async (req, socket) => {
    await identify(req);
    if (!limits) return undefined;
    const subject = rateLimitSubjectOf(req, limits.proxies);
    let verdict: RateLimitVerdict | undefined;
    try {
      verdict = await limits.counters.consume(WEBSOCKET_BUCKET, subject.key);
    } catch (error) {
      // Counting itself failed (not Redis, which falls back to memory): let the upgrade through.
      log.exception('rate limit check failed; websocket upgrade let through', error);
    }
    if (verdict && !verdict.allowed) return rateLimited(verdict);
    const full = limits.openSockets.admit(socket, subject.address, subject.userId);
    return full ? tooManyOpen(full) : undefined;
  };
}

function rateLimited(verdict: RateLimitVerdict): UpgradeRefusal {
  return {
    status: 429,
    code: 'RATE_LIMITED',
    message: `Too many ${WEBSOCKET_BUCKET} requests; try again in ${verdict.resetSeconds} s`,
    headers: {
      'Retry-After': String(verdict.resetSeconds),
      'RateLimit-Limit': String(verdict.limit),
      'RateLimit-Remaining': String(verdict.remaining),
      'RateLimit-Reset': String(verdict.resetSeconds),
    },
  };
}

function tooManyOpen(full: OpenSocketsFull): UpgradeRefusal {
  const holder = full.scope === 'user' ? 'account' : 'address';
  return {
    status: 429,
    code: 'TOO_MANY_WEBSOCKETS',
    message: `This ${holder} already holds ${full.cap} open live connections; close one first`,
    headers: { 'Retry-After': String(OPEN_SOCKETS_RETRY_AFTER_SECONDS) },
  };
}

/**
 * Answers an upgrade with a plain HTTP response on its raw socket (no socket upgrade follows):
 * the status line, the refusal's headers first, the JSON error shape, then the connection is
 * closed.
 */
export function writeUpgradeRefusal(
  socket: Duplex,
  refusal: UpgradeRefusal,
  requestId: string | undefined,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body: ErrorResponse = {
    statusCode: refusal.status,
    error: reasonPhrase(refusal.status),
    message: refusal.message,
    code: refusal.code,
    requestId,
  };
  const json = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${refusal.status} ${reasonPhrase(refusal.status)}`,
    ...Object.entries(refusal.headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: no-store',
    ...(requestId ? [`X-Request-Id: ${requestId}`] : []),
    `Content-Length: ${Buffer.byteLength(json)}`,
  ];
  socket.once('finish', () => socket.destroy());
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
}
