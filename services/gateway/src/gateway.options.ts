import type { Database } from '@frenly/db';
import type { EventBus } from '@frenly/events';
import type { IdentityTokens } from '@frenly/platform';
import type { Redis } from 'ioredis';
import type { IdentitySettings } from './config/identity-settings.js';
import type { EdgeSettings } from './edge/edge-settings.js';

/** What the runtime hands the gateway: its infrastructure and how it is being run. */
export interface GatewayOptions {
  readonly db: Database;
  readonly bus: EventBus;
  /** Signs the identity the gateway passes on to the services. */
  readonly identityTokens: IdentityTokens;
  readonly mode: 'embedded' | 'distributed';
  readonly version: string;
  /** Sign-in providers, sessions, push (see identitySettingsFrom). */
  readonly identity: IdentitySettings;
  /**
   * Base URL where `GET /api/ledger/balance` answers: LEDGER_URL in distributed mode, the
   * embedded process's own loopback URL in the single process.
   */
  readonly ledgerUrl: string;
  /** The sessions' clock; tests move it to expire sessions. */
  readonly clock?: () => Date;
  /** Rate limits and body size (installGatewayEdge); absent = the defaults, counted in memory. */
  readonly edge?: GatewayEdgeOptions;
}

export interface GatewayEdgeOptions {
  readonly settings: EdgeSettings;
  /** Rate-limit counters shared by every gateway instance; absent = this process's memory. */
  readonly redis?: Redis;
  /**
   * Prefix of the counters' Redis keys. Default `frenly:rate-limit:<installation id>`: the
   * instances of one installation share counters, two installations on one Redis do not.
   */
  readonly keyPrefix?: string;
}

export const GATEWAY_OPTIONS = Symbol.for('frenly.gateway.options');
/** `() => Date`: the time sessions and sign-ins are judged by. */
export const GATEWAY_CLOCK = Symbol.for('frenly.gateway.clock');
export type Clock = () => Date;
