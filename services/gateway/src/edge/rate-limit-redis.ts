import { Redis } from 'ioredis';

/** Past this, a counter update gives up and the request is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * The Redis connection of the shared rate-limit counters, tuned to never hold a request up:
 * no offline queue (a command fails at once while disconnected), a short command timeout, and
 * reconnection in the background. `onError` hears connection errors (ioredis would otherwise
 * print them as unhandled).
 */
export function openRateLimitRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', onError);
  return redis;
}

/** Ends the connection; a Redis that is away is simply disconnected. */
export async function closeRateLimitRedis(redis: Redis): Promise<void> {
  try {
    if (redis.status !== 'end') await redis.quit();
  } catch {
    redis.disconnect();
  }
}
