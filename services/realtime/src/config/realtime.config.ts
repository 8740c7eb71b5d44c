import { commonVars, env, type ConfigOf } from '@frenly/config';
import { distributedVars } from '@frenly/platform';
import { DEFAULT_REALTIME_SETTINGS, type RealtimeSettings } from '../realtime.settings.js';

const d = DEFAULT_REALTIME_SETTINGS;

/** The realtime service on its own (distributed mode). */
export const realtimeConfigSpec = {
  NODE_ENV: commonVars.NODE_ENV,
  LOG_LEVEL: commonVars.LOG_LEVEL,
  KAFKA_BROKERS: distributedVars.KAFKA_BROKERS,
  FRENLY_IDENTITY_SECRET: distributedVars.FRENLY_IDENTITY_SECRET,
  KAFKA_CLIENT_ID: commonVars.KAFKA_CLIENT_ID,
  KAFKA_NAMESPACE: commonVars.KAFKA_NAMESPACE,
  PORT: env.port('HTTP port of the realtime service', 3004),
  HOST: env.string('Network interface to listen on', { default: '0.0.0.0' }),
  // Same variables (and texts) as the gateway's: the websocket Origin check accepts what its cross-site check accepts.
  FRENLY_PUBLIC_URL: env.url(
    'Public origin of the app (e.g. https://frenly.example): sign-in callbacks and the same-origin check; unset = the origin of each request',
    ['http', 'https'],
  ),
  FRENLY_TRUST_PROXY: env.bool(
    'Trust X-Forwarded-Proto/-Host from a reverse proxy (Secure cookies, origin check, callbacks)',
    false,
  ),
  REALTIME_INSTANCE_ID: env.optionalString(
    'Name of this instance; its Kafka consumer group is realtime.<id> (default: host-pid-random, new at every start)',
  ),
  REALTIME_HEARTBEAT_MS: env.int(
    'Ping interval; a client that missed the previous ping is dropped',
    {
      default: d.heartbeatIntervalMs,
      min: 1_000,
    },
  ),
  REALTIME_MAX_BUFFERED_BYTES: env.int(
    'A client whose unsent backlog passes this many bytes is disconnected',
    {
      default: d.maxBufferedBytes,
      min: 1_024,
    },
  ),
};

export type RealtimeConfig = ConfigOf<typeof realtimeConfigSpec>;

/** The module's settings from the validated variables. */
export function realtimeSettingsFrom(config: RealtimeConfig): Partial<RealtimeSettings> {
  return {
    publicOrigin: config.FRENLY_PUBLIC_URL ? new URL(config.FRENLY_PUBLIC_URL).origin : undefined,
    trustProxy: config.FRENLY_TRUST_PROXY,
    instanceId: config.REALTIME_INSTANCE_ID,
    heartbeatIntervalMs: config.REALTIME_HEARTBEAT_MS,
    maxBufferedBytes: config.REALTIME_MAX_BUFFERED_BYTES,
  };
}
