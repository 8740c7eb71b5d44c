import { identitySecretProblem } from './identity-secret.js';
import { env, type VarSpec } from './spec.js';

/** The optional secret, refused at boot when it is a placeholder or not random enough. */
function identitySecret(spec: VarSpec<string | undefined>): VarSpec<string | undefined> {
  return {
    ...spec,
    parse(raw) {
      const result = spec.parse(raw);
      if (!result.ok || result.value === undefined) return result;
      const problem = identitySecretProblem(result.value);
      return problem ? { ok: false, error: problem } : result;
    },
  };
}

/** Variables shared by several services; each service spreads the ones it uses into its spec. */
export const commonVars = {
  NODE_ENV: env.oneOf(
    'Runtime environment; `production` refuses development-only parts',
    ['development', 'test', 'production'],
    'development',
  ),
  LOG_LEVEL: env.oneOf(
    'Lowest level written to the JSON log',
    ['debug', 'info', 'warn', 'error', 'silent'],
    'info',
  ),
  DATABASE_URL: env.url('PostgreSQL connection URL; unset = embedded PGlite in FRENLY_DATA_DIR', [
    'postgres',
    'postgresql',
  ]),
  FRENLY_DATA_DIR: env.string(
    'Folder of the embedded PGlite database (used when DATABASE_URL is unset)',
    { default: './.data' },
  ),
  REDIS_URL: env.url('Redis URL for BullMQ jobs (and rate limits); unset = in-process jobs', [
    'redis',
    'rediss',
  ]),
  JOBS_PREFIX: env.string(
    "Prefix of the job queues' Redis keys (BullMQ), for installations sharing a Redis",
    { default: 'frenly' },
  ),
  KAFKA_BROKERS: env.list(
    'Comma-separated Kafka brokers (host:port); empty = in-process event bus',
    {
      item: (item) => (/^[^\s:]+:\d{1,5}$/.test(item) ? undefined : 'expected host:port'),
    },
  ),
  FRENLY_IDENTITY_SECRET: identitySecret(
    env.optionalString(
      'Secret (32+ random characters; placeholders and low-entropy values are refused) the gateway signs identities with for the services; embedded: random per start',
    ),
  ),
  KAFKA_CLIENT_ID: env.string('Kafka client id prefix', { default: 'frenly' }),
  KAFKA_NAMESPACE: env.string(
    'Prefix of every Kafka topic and consumer group (`<namespace>.<topic>`), for installations sharing a broker; empty = none',
    { default: '' },
  ),
} as const;
