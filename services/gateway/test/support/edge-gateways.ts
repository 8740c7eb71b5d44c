// What the edge specs share: rate-limit settings with every budget generous except the ones a
// test spends, and gateways started on one scratch identity database, all closed (with the
// stand-in servers a spec registers) after the spec.
import type { Server } from 'node:http';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import type { EdgeSettings, RateLimitBucket } from '../../src/edge/edge-settings.js';
import type { TrustedProxies } from '../../src/edge/proxy-trust.js';
import {
  closeServer,
  startGateway,
  type GatewayUnderTest,
  type GatewayUnderTestOptions,
} from './gateway-harness.js';

export const RATE_WINDOW_SECONDS = 60;

/** Rate limits on, 1000 requests of each kind per window unless `budgets` says fewer. */
export function edgeSettings(
  budgets: Partial<Record<RateLimitBucket, number>>,
  options: { maxBodyBytes?: number; trustedProxies?: TrustedProxies } = {},
): EdgeSettings {
  return {
    rateLimits: {
      enabled: true,
      windowSeconds: RATE_WINDOW_SECONDS,
      budgets: {
        search: 1000,
        read: 1000,
        write: 1000,
        analyze: 1000,
        auth: 1000,
        websocket: 1000,
        ...budgets,
      },
      openWebsockets: { perUser: 1000, perIp: 1000 },
    },
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    trustedProxies: options.trustedProxies,
  };
}

export interface EdgeGateways {
  /** An embedded-shaped gateway on the spec's database, with `defaults` and then `options`. */
  start(options: Partial<GatewayUnderTestOptions>): Promise<GatewayUnderTest>;
  /** A stand-in server to close after the spec. */
  track(server: Server): void;
}

/** Registers the spec's beforeAll/afterAll: a scratch database named `name`, torn down with every gateway. */
export function edgeGateways(
  name: string,
  defaults: Partial<GatewayUnderTestOptions> = {},
): EdgeGateways {
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle | undefined;
  const gateways: GatewayUnderTest[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(name);
    database = await openDatabase({ databaseUrl: scratch.url, schemas: ['identity'], poolSize: 4 });
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await Promise.all(servers.map(closeServer));
    await database?.close();
    await scratch?.drop();
  });

  return {
    async start(options) {
      if (!database) throw new Error('edgeGateways: start() before the spec’s beforeAll ran');
      const gateway = await startGateway({
        db: database.db,
        ledgerUrl: 'http://127.0.0.1:9',
        mode: 'embedded',
        ...defaults,
        ...options,
      });
      gateways.push(gateway);
      return gateway;
    },
    track(server) {
      servers.push(server);
    },
  };
}
