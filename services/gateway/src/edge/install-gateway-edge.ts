import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger, type UpgradeGuard } from '@frenly/platform';
import { DEV_PROVIDER_ID } from '../config/identity-settings.js';
import { mountDevIdentityProvider } from '../dev-idp/mount-dev-idp.js';
import {
  GATEWAY_OPTIONS,
  type GatewayEdgeOptions,
  type GatewayOptions,
} from '../gateway.options.js';
import { InstallationRepository } from '../meta/installation.repository.js';
import { SessionSockets } from '../sessions/session-sockets.js';
import { SessionService } from '../sessions/session.service.js';
import { declaredBodyLimitMiddleware, installBoundedBodyParsers } from './body-limit.js';
import { DEFAULT_TRUSTED_PROXIES, defaultEdgeSettings } from './edge-settings.js';
import { attachIdentity, identityMiddleware } from './identity.middleware.js';
import { jsonOnlyMiddleware } from './json-only.middleware.js';
import { RateLimitCounters } from './rate-limit-counters.js';
import { compileProxyTrust } from './proxy-trust.js';
import { OpenSocketCounts } from './rate-limit-open-sockets.js';
import { createUpgradeGuard } from './rate-limit-upgrade.js';
import { rateLimitMiddleware } from './rate-limit.middleware.js';
import { sameOriginMiddleware } from './same-origin.middleware.js';
import { securityHeadersMiddleware } from './security-headers.middleware.js';

export interface GatewayEdgeHooks {
  /**
   * Distributed mode: installs forwarding to the services, after the edge's checks and ahead
   * of its body parsers, so that forwarded bodies stream through unparsed. The forwarder must
   * bound those streams to `maxBodyBytes` itself, and run `guardUpgrade` on every websocket
   * upgrade it forwards.
   */
  readonly forward?: (edge: {
    readonly maxBodyBytes: number;
    readonly guardUpgrade: UpgradeGuard;
  }) => void;
  /**
   * Embedded mode: installs the in-process websocket endpoints (realtime), which must run
   * `guardUpgrade` on every upgrade: the edge's checks for upgrades, which bypass Express
   * (identity, the `websocket` rate limit and the open-socket caps, on the same counters as
   * HTTP requests).
   */
  readonly upgrades?: (guardUpgrade: UpgradeGuard) => void;
}

/** A Redis outage would otherwise log once per request. */
const STORE_WARNING_INTERVAL_MS = 30_000;

/**
 * The gateway's front door, installed before any route in both runtimes: security headers,
 * the declared body size, the development identity provider when enabled, the cross-site
 * check, JSON-only API bodies, identity propagation, rate limits, then (after any forwarding) bounded body parsers.
 * Call it first in the app's `configure`; websocket upgrades get the same identity and limits
 * through the `guardUpgrade` its hooks are handed.
 */
export async function installGatewayEdge(
  app: NestExpressApplication,
  hooks: GatewayEdgeHooks = {},
): Promise<void> {
  const options = app.get<GatewayOptions>(GATEWAY_OPTIONS);
  const logger = app.get(JsonLogger);
  const edge = options.edge ?? { settings: defaultEdgeSettings() };
  const { trustProxy } = options.identity;
  const sessions = app.get(SessionService);
  const proxies = trustProxy
    ? compileProxyTrust(edge.settings.trustedProxies ?? DEFAULT_TRUSTED_PROXIES)
    : undefined;
  app.use(securityHeadersMiddleware(trustProxy));
  app.use(declaredBodyLimitMiddleware(edge.settings.maxBodyBytes));
  if (options.identity.devIdp) {
    app.use(
      mountDevIdentityProvider(options.identity.devIdp, options.identity, DEV_PROVIDER_ID, logger),
    );
  }
  app.use(sameOriginMiddleware(options.identity));
  app.use(jsonOnlyMiddleware());
  app.use(identityMiddleware(sessions, options.identityTokens, logger));
  const { rateLimits } = edge.settings;
  const counters = rateLimits.enabled ? await rateLimitCounters(app, edge, logger) : undefined;
  if (counters) app.use(rateLimitMiddleware(counters, proxies, logger));
  // Upgrades let through are tracked under their session, which closes them when it ends.
  const guardUpgrade = app.get(SessionSockets).guard(
    createUpgradeGuard({
      identify: (req) => attachIdentity(req, sessions, options.identityTokens),
      limits: counters && {
        counters,
        openSockets: new OpenSocketCounts(rateLimits.openWebsockets),
        proxies,
      },
      logger,
    }),
  );
  hooks.forward?.({ maxBodyBytes: edge.settings.maxBodyBytes, guardUpgrade });
  hooks.upgrades?.(guardUpgrade);
  installBoundedBodyParsers(app, edge.settings.maxBodyBytes);
}

async function rateLimitCounters(
  app: NestExpressApplication,
  edge: GatewayEdgeOptions,
  logger: JsonLogger,
): Promise<RateLimitCounters> {
  const log = logger.forContext('rate-limit');
  const keyPrefix =
    edge.keyPrefix ??
    (edge.redis
      ? `frenly:rate-limit:${(await app.get(InstallationRepository).getOrCreate()).id}`
      : 'frenly:rate-limit');
  let lastWarning = 0;
  let unreported = 0;
  return new RateLimitCounters({
    settings: edge.settings.rateLimits,
    redis: edge.redis,
    keyPrefix,
    onSharedStoreError: (error) => {
      const now = Date.now();
      if (now - lastWarning < STORE_WARNING_INTERVAL_MS) {
        unreported += 1;
        return;
      }
      log.entry(
        'warn',
        'rate-limit counters unavailable in Redis; counting in this process meanwhile',
        {
          err: error instanceof Error ? error.message : String(error),
          alsoFailedSinceLastWarning: unreported,
        },
      );
      lastWarning = now;
      unreported = 0;
    },
  });
}
