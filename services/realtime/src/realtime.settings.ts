import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Tunables of the realtime module; every field has a production default. */
export interface RealtimeSettings {
  /** The websocket path (the gateway's route table sends `/ws` here). */
  readonly path: string;
  /**
   * This instance's name. Its consumer group is `realtime.<instanceId>`, so every instance
   * receives every event; the default is unique per start (host, pid, random).
   */
  readonly instanceId: string;
  /** FRENLY_PUBLIC_URL's origin, accepted as an Origin besides the request's own host. */
  readonly publicOrigin: string | undefined;
  /** Believe X-Forwarded-Host (origin check) from a trusted reverse proxy. */
  readonly trustProxy: boolean;
  /** Each client is pinged once per interval; one that has not answered its previous ping is dropped. */
  readonly heartbeatIntervalMs: number;
  /** The clients are pinged in this many slices spread over the interval (no burst of pings). */
  readonly heartbeatSlices: number;
  /** A client whose unsent backlog (ws.bufferedAmount) would pass this many bytes is disconnected. */
  readonly maxBufferedBytes: number;
  /** Largest frame a client may send (bigger ones close the connection with 1009). */
  readonly maxClientMessageBytes: number;
  /** Sites whose latest versions are remembered (per kind) to drop stale totals; oldest forgotten first. */
  readonly versionMemorySites: number;
  /** On shutdown, how long clients get to answer the 1012 close before their sockets are destroyed. */
  readonly closeGraceMs: number;
  /** How long a measured Kafka consumer lag is reused before it is measured again. */
  readonly lagRefreshMs: number;
}

/** A consumer group id Kafka accepts: letters, digits, `.`, `_`, `-`. */
export function defaultInstanceId(): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .slice(0, 40) || 'host';
  return `${host}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

export const DEFAULT_REALTIME_SETTINGS: Omit<RealtimeSettings, 'instanceId'> = {
  path: '/ws',
  publicOrigin: undefined,
  trustProxy: false,
  heartbeatIntervalMs: 30_000,
  heartbeatSlices: 10,
  maxBufferedBytes: 256 * 1024,
  maxClientMessageBytes: 4 * 1024,
  versionMemorySites: 100_000,
  closeGraceMs: 2_000,
  lagRefreshMs: 5_000,
};

/** Injection token of the resolved RealtimeSettings. */
export const REALTIME_SETTINGS = Symbol('REALTIME_SETTINGS');

export function resolveRealtimeSettings(
  overrides: Partial<RealtimeSettings> = {},
): RealtimeSettings {
  const settings: RealtimeSettings = {
    ...DEFAULT_REALTIME_SETTINGS,
    instanceId: defaultInstanceId(),
    ...withoutUndefined(overrides),
  };
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(settings.instanceId)) {
    throw new Error(
      `The realtime instance id may use letters, digits, '.', '_' and '-' only (got "${settings.instanceId}")`,
    );
  }
  for (const name of [
    'heartbeatIntervalMs',
    'maxBufferedBytes',
    'maxClientMessageBytes',
    'versionMemorySites',
    'closeGraceMs',
    'lagRefreshMs',
  ] as const) {
    if (!Number.isSafeInteger(settings[name]) || settings[name] < 1)
      throw new Error(`realtime ${name} must be a whole number ≥ 1 (got ${settings[name]})`);
  }
  return settings;
}

/** The consumer group of one instance. */
export function consumerGroupOf(settings: Pick<RealtimeSettings, 'instanceId'>): string {
  return `realtime.${settings.instanceId}`;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
