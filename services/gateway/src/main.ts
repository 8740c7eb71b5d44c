// The gateway on its own (distributed mode): its routes, plus forwarding to the other services.
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
import { installGatewayEdge, upgradeIdentifier } from './edge/install-gateway-edge.js';
import { GatewayModule } from './gateway.module.js';
import { downstreamReadinessChecks } from './routing/downstream-readiness.js';
import { installGatewayProxy, type DownstreamUrls } from './routing/gateway-proxy.js';

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
      }),
    ],
    configure: async (app) => {
      // Identity first: the proxy forwards the header the edge sets.
      await installGatewayEdge(app);
      installGatewayProxy(app, downstream, logger, { identifyUpgrade: upgradeIdentifier(app) });
    },
  };
});
