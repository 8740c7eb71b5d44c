// The gateway on its own (distributed mode): its routes, plus forwarding to the other services.
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '@frenly/config';
import {
  JsonLogger,
  launchService,
  openDatabaseFor,
  openEventBusFor,
  packageVersion,
  identityTokensFor,
} from '@frenly/platform';
import { gatewayConfigSpec } from './config/gateway.config.js';
import { identitySettingsOrExit } from './config/identity-settings-or-exit.js';
import { internalUrlOf } from './config/identity-settings.js';
import { edgeSettingsFrom } from './edge/edge-settings.js';
import { installGatewayEdge } from './edge/install-gateway-edge.js';
import { closeRateLimitRedis, openRateLimitRedis } from './edge/rate-limit-redis.js';
import { GatewayModule } from './gateway.module.js';
import { downstreamReadinessChecks } from './routing/downstream-readiness.js';
import { installGatewayProxy, type DownstreamUrls } from './routing/gateway-proxy.js';
import { serveFrontend } from './frontend/serve-frontend.js';

const config = loadConfigOrExit(gatewayConfigSpec);
const identity = identitySettingsOrExit(config, {
  internalUrl: internalUrlOf(config.HOST, config.PORT),
});
const logger = new JsonLogger({ service: 'gateway', level: config.LOG_LEVEL });
const downstream: DownstreamUrls = {
  search: config.SEARCH_URL,
  ledger: config.LEDGER_URL,
  analysis: config.ANALYSIS_URL,
  realtime: config.REALTIME_URL,
};

await launchService({ service: 'gateway', logger }, async (infra) => {
  const database = await openDatabaseFor(infra, config, ['identity']);
  const bus = await openEventBusFor(infra, config, 'gateway', logger);
  for (const check of downstreamReadinessChecks(downstream))
    infra.addCheck(check.name, check.probe);
  // Rate-limit counters shared by every gateway instance. No readiness check: while Redis is
  // away each instance counts in memory (see RateLimitCounters) rather than turn users away.
  const redisUrl = config.REDIS_URL;
  const rateLimitRedis = redisUrl
    ? await infra.open('rate-limit counters', async () => {
        const log = logger.forContext('rate-limit');
        const redis = openRateLimitRedis(redisUrl, (error) =>
          log.entry('debug', 'redis connection error', { err: error.message }),
        );
        return { redis, close: () => closeRateLimitRedis(redis) };
      })
    : undefined;
  if (!rateLimitRedis && config.FRENLY_RATE_LIMIT) {
    logger.entry('warn', 'REDIS_URL is unset: rate limits are counted per gateway process', {
      context: 'rate-limit',
    });
  }
  return {
    port: config.PORT,
    host: config.HOST,
    modules: [
      GatewayModule.forRoot({
        db: database.db,
        bus,
        identityTokens: identityTokensFor(config),
        mode: 'distributed',
        version: packageVersion(new URL('../package.json', import.meta.url)),
        identity,
        ledgerUrl: downstream.ledger[0]!,
        edge: { settings: edgeSettingsFrom(config), redis: rateLimitRedis?.redis },
      }),
    ],
    configure: async (app) => {
      // The edge's checks and identity first (the proxy forwards the header the edge sets);
      // forwarding before body parsing, so that bodies stream through.
      await installGatewayEdge(app, {
        forward: ({ maxBodyBytes, guardUpgrade }) =>
          installGatewayProxy(app, downstream, logger, { guardUpgrade, maxBodyBytes }),
      });
      // The public entry serves the app as well, as the embedded runtime does.
      serveFrontend(
        app,
        config.FRONTEND_DIR ?? fileURLToPath(new URL('../../../frontend/dist', import.meta.url)),
        logger,
      );
    },
  };
});
