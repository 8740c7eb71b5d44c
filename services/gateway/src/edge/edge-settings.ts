import { loadConfig } from '@frenly/config';
import { edgeVars, type EdgeConfig } from '../config/gateway.config.js';
import type { TrustedProxies } from './proxy-trust.js';

/**
 * What a request spends from its budget. Each bucket has its own budget per window, per
 * signed-in user or, for everyone else, per client IP (see rate-limit-policy.ts). Websocket
 * upgrades spend from `websocket` (they bypass Express: see rate-limit-upgrade.ts).
 */
export const RATE_LIMIT_BUCKETS = [
  'search',
  'read',
  'write',
  'analyze',
  'auth',
  'websocket',
] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

export interface RateLimitSettings {
  readonly enabled: boolean;
  readonly windowSeconds: number;
  /** Requests allowed per window and per key. */
  readonly budgets: Readonly<Record<RateLimitBucket, number>>;
  /** Websockets held open at once, per gateway process (see rate-limit-open-sockets.ts). */
  readonly openWebsockets: OpenWebsocketCaps;
}

export interface OpenWebsocketCaps {
  /** Per signed-in user. */
  readonly perUser: number;
  /** Per client IP (IPv6: per /64), signed in or not. */
  readonly perIp: number;
}

/**
 * Rate limits and the body size bound, validated from FRENLY_RATE_LIMIT_*, FRENLY_MAX_WEBSOCKETS_*
 * and FRENLY_MAX_BODY_BYTES.
 */
export interface EdgeSettings {
  readonly rateLimits: RateLimitSettings;
  readonly maxBodyBytes: number;
  /**
   * With FRENLY_TRUST_PROXY: the proxies whose X-Forwarded-For tells the client's address
   * (FRENLY_TRUSTED_PROXIES, FRENLY_TRUSTED_PROXY_HOPS); default DEFAULT_TRUSTED_PROXIES.
   */
  readonly trustedProxies?: TrustedProxies;
}

/** One proxy on this machine or a private network: what a compose or k8s ingress looks like. */
export const DEFAULT_TRUSTED_PROXIES: TrustedProxies = {
  addresses: ['loopback', 'linklocal', 'uniquelocal'],
  hops: 1,
};

export function edgeSettingsFrom(config: EdgeConfig): EdgeSettings {
  return {
    rateLimits: {
      enabled: config.FRENLY_RATE_LIMIT,
      windowSeconds: config.FRENLY_RATE_LIMIT_WINDOW_SECONDS,
      budgets: {
        search: config.FRENLY_RATE_LIMIT_SEARCH,
        read: config.FRENLY_RATE_LIMIT_READ,
        write: config.FRENLY_RATE_LIMIT_WRITE,
        analyze: config.FRENLY_RATE_LIMIT_ANALYZE,
        auth: config.FRENLY_RATE_LIMIT_AUTH,
        websocket: config.FRENLY_RATE_LIMIT_WEBSOCKET,
      },
      openWebsockets: {
        perUser: config.FRENLY_MAX_WEBSOCKETS_PER_USER,
        perIp: config.FRENLY_MAX_WEBSOCKETS_PER_IP,
      },
    },
    maxBodyBytes: config.FRENLY_MAX_BODY_BYTES,
    trustedProxies: {
      addresses: config.FRENLY_TRUSTED_PROXIES,
      hops: config.FRENLY_TRUSTED_PROXY_HOPS,
    },
  };
}

/** The settings an unset environment gives (for a gateway composed without explicit edge options). */
export function defaultEdgeSettings(): EdgeSettings {
  return edgeSettingsFrom(loadConfig(edgeVars, {}));
}
