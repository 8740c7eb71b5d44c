import { Redis } from 'ioredis';

/** Deletes every key under `<prefix>:` (a test run's job queues), so runs leave Redis as they found it. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
