// Unique Redis key prefixes for a test run, and their removal afterwards.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export function testRunPrefix(): string {
  return `frenly-test-jobs-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key starting with `prefix` and returns how many there were. */
export async function deleteKeysWithPrefix(prefix: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    await redis.quit();
  }
}

export async function countKeysWithPrefix(prefix: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let count = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  } finally {
    await redis.quit();
  }
}
