// The ledger service on its own (distributed mode), on the infrastructure its config names.
import { loadConfigOrExit } from '@frenly/config';
import { openDatabase } from '@frenly/db';
import { JsonLogger, launchService, openEventBusFor, identityTokensFor } from '@frenly/platform';
import { ledgerConfigSpec } from './config/ledger.config.js';
import { LedgerModule } from './ledger.module.js';

const config = loadConfigOrExit(ledgerConfigSpec);
const logger = new JsonLogger({ service: 'ledger', level: config.LOG_LEVEL });

await launchService({ service: 'ledger', logger }, async (infra) => {
  // As openDatabaseFor does, with the ledger's own pool size.
  const database = await infra.open(
    'database',
    () =>
      openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.FRENLY_DATA_DIR,
        schemas: ['ledger'],
        poolSize: config.LEDGER_DB_POOL_SIZE,
      }),
    (handle) => handle.ping(),
  );
  const bus = await openEventBusFor(infra, config, 'ledger', logger);
  return {
    port: config.PORT,
    host: config.HOST,
    modules: [
      LedgerModule.forRoot({
        db: database.db,
        bus,
        identityTokens: identityTokensFor(config),
        settings: {
          signupGrant: config.LEDGER_SIGNUP_GRANT,
          knownSitesGroup: config.LEDGER_KNOWN_SITES_GROUP,
        },
        internalRoutes: true,
      }),
    ],
  };
});
