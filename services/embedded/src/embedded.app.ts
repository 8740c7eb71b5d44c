import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@frenly/db';
import {
  identitySettingsOrExit,
  installGatewayEdge,
  internalUrlOf,
  serveFrontend,
} from '@frenly/gateway';
import {
  JsonLogger,
  launchService,
  openEventBusFor,
  openJobQueueFor,
  packageVersion,
  identityTokensFor,
} from '@frenly/platform';
import { installRealtimeEndpoint } from '@frenly/realtime';
import type { EmbeddedConfig } from './config/embedded.config.js';
import { embeddedModules } from './embedded.modules.js';

/** Composes and boots the single process; `database` is already opening (see main.ts). */
export async function startEmbedded(
  config: EmbeddedConfig,
  database: Promise<DatabaseHandle>,
): Promise<void> {
  const logger = new JsonLogger({ service: 'embedded', level: config.LOG_LEVEL });
  const frontendDir =
    config.FRONTEND_DIR ?? fileURLToPath(new URL('../../../frontend/dist', import.meta.url));
  const selfUrl = internalUrlOf(config.HOST, config.PORT);
  const identity = identitySettingsOrExit(config, { internalUrl: selfUrl });
  await launchService({ service: 'embedded', logger }, async (infra) => {
    const { db } = await infra.open(
      'database',
      () => database,
      (handle) => handle.ping(),
    );
    const bus = await openEventBusFor(infra, config, 'embedded', logger);
    const jobs = await openJobQueueFor(infra, config, logger);
    return {
      port: config.PORT,
      host: config.HOST,
      modules: embeddedModules(
        { db, bus, jobs, identityTokens: identityTokensFor(config) },
        packageVersion(new URL('../package.json', import.meta.url)),
        { identity, selfUrl },
        config,
      ),
      configure: async (app) => {
        // Before everything else: the dev sign-in, the cross-site check, identity and rate limits
        // for every in-process service route.
        // Upgrades bypass the edge's middleware: /ws runs the edge's upgrade checks itself
        // (the same session lookup, rate limits and open-socket caps).
        await installGatewayEdge(app, {
          upgrades: (guardUpgrade) => installRealtimeEndpoint(app, { guardUpgrade }),
        });
        serveFrontend(app, frontendDir, logger);
      },
    };
  });
}
