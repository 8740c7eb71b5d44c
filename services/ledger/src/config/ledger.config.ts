import { commonVars, env, type ConfigOf } from '@frenly/config';
import { distributedVars } from '@frenly/platform';
import { DEFAULT_LEDGER_SETTINGS, DEFAULT_SIGNUP_GRANT } from '../ledger.settings.js';

/** The ledger's own settings; the embedded runtime can spread these into its spec too. */
export const ledgerSettingsVars = {
  LEDGER_SIGNUP_GRANT: env.int('Bamboo granted once to each new user', {
    default: DEFAULT_SIGNUP_GRANT,
    min: 0,
    max: 1_000_000_000,
  }),
  LEDGER_DB_POOL_SIZE: env.int(
    'PostgreSQL connections of the ledger (each stake holds one through its commit)',
    { default: 10, min: 1, max: 200 },
  ),
  LEDGER_KNOWN_SITES_GROUP: env.string(
    'Kafka consumer group through which the ledger learns sites (search.site-indexed)',
    {
      default: DEFAULT_LEDGER_SETTINGS.knownSitesGroup,
    },
  ),
};

/** The ledger service on its own (distributed mode). */
export const ledgerConfigSpec = {
  NODE_ENV: commonVars.NODE_ENV,
  LOG_LEVEL: commonVars.LOG_LEVEL,
  DATABASE_URL: distributedVars.DATABASE_URL,
  FRENLY_DATA_DIR: commonVars.FRENLY_DATA_DIR,
  KAFKA_BROKERS: distributedVars.KAFKA_BROKERS,
  FRENLY_IDENTITY_SECRET: distributedVars.FRENLY_IDENTITY_SECRET,
  KAFKA_CLIENT_ID: commonVars.KAFKA_CLIENT_ID,
  KAFKA_NAMESPACE: commonVars.KAFKA_NAMESPACE,
  PORT: env.port('HTTP port of the ledger service', 3002),
  HOST: env.string('Network interface to listen on', { default: '0.0.0.0' }),
  ...ledgerSettingsVars,
};

export type LedgerConfig = ConfigOf<typeof ledgerConfigSpec>;
