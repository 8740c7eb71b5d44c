// The realtime service on its own (distributed mode), on the infrastructure its config names.
import { loadConfigOrExit } from '@frenly/config';
import { JsonLogger, launchService, openEventBusFor, identityTokensFor } from '@frenly/platform';
import { realtimeConfigSpec, realtimeSettingsFrom } from './config/realtime.config.js';
import { installRealtimeEndpoint } from './install-realtime-endpoint.js';
import { RealtimeModule } from './realtime.module.js';

const config = loadConfigOrExit(realtimeConfigSpec);
const logger = new JsonLogger({ service: 'realtime', level: config.LOG_LEVEL });

await launchService({ service: 'realtime', logger }, async (infra) => {
  const bus = await openEventBusFor(infra, config, 'realtime', logger);
  return {
    port: config.PORT,
    host: config.HOST,
    modules: [
      RealtimeModule.forRoot({
        bus,
        identityTokens: identityTokensFor(config),
        kafka: {
          brokers: config.KAFKA_BROKERS,
          clientId: `${config.KAFKA_CLIENT_ID}-realtime`,
          namespace: config.KAFKA_NAMESPACE,
        },
        settings: realtimeSettingsFrom(config),
      }),
    ],
    // Upgrades reach the service straight from the gateway's proxy, identity header signed.
    configure: (app) => installRealtimeEndpoint(app),
  };
});
