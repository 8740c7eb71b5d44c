import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  RATE_LIMIT_BUCKETS,
  type RateLimitBucket,
  type RateLimitSettings,
} from './edge-settings.js';

export interface RateLimitVerdict {
  readonly allowed: boolean;
  /** The bucket's budget per window. */
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window of this key ends (at least 1). */
  readonly resetSeconds: number;
}

export interface RateLimitCountersOptions {
  readonly settings: RateLimitSettings;
  /** Counters shared by every gateway instance; undefined keeps them in this process's memory. */
  readonly redis?: Redis;
  /** Namespaces the Redis keys: `<prefix>:<bucket>:<key>`. */
  readonly keyPrefix: string;
  /** A Redis failure; the request was counted in memory instead. */
  readonly onSharedStoreError?: (error: unknown) => void;
}

type Limiter = RateLimiterMemory | RateLimiterRedis;

/**
 * Fixed-window request counters per bucket and key (rate-limiter-flexible). With Redis, every
 * gateway instance shares them (one atomic Lua INCR per request). When Redis fails or is slow,
 * the request is counted in this process's memory instead: limits keep holding per instance
 * and no request is refused because Redis is away (the limits protect capacity; balances and
 * one-vote-per-user are enforced by the ledger's database, not here).
 */
export class RateLimitCounters {
  private readonly memory: Record<RateLimitBucket, RateLimiterMemory>;
  private readonly shared: Record<RateLimitBucket, RateLimiterRedis> | undefined;

  constructor(private readonly options: RateLimitCountersOptions) {
    const { budgets, windowSeconds } = options.settings;
    const each = <T extends Limiter>(make: (bucket: RateLimitBucket) => T) =>
      Object.fromEntries(RATE_LIMIT_BUCKETS.map((bucket) => [bucket, make(bucket)])) as Record<
        RateLimitBucket,
        T
      >;
    this.memory = each(
      (bucket) =>
        new RateLimiterMemory({
          keyPrefix: bucket,
          points: budgets[bucket],
          duration: windowSeconds,
        }),
    );
    const redis = options.redis;
    this.shared = redis
      ? each(
          (bucket) =>
            new RateLimiterRedis({
              storeClient: redis,
              keyPrefix: `${options.keyPrefix}:${bucket}`,
              points: budgets[bucket],
              duration: windowSeconds,
              // Not connected: count in memory at once rather than wait for a reconnection.
              rejectIfRedisNotReady: true,
            }),
        )
      : undefined;
  }

  /** Counts one request of `key` (e.g. `user:<id>`, `ip:<address>`) against the bucket's budget. */
  async consume(bucket: RateLimitBucket, key: string): Promise<RateLimitVerdict> {
    const limit = this.options.settings.budgets[bucket];
    const shared = this.shared?.[bucket];
    try {
      if (shared) {
        try {
          return verdict(limit, true, await shared.consume(key));
        } catch (error) {
          if (error instanceof RateLimiterRes) throw error;
          this.options.onSharedStoreError?.(error);
        }
      }
      return verdict(limit, true, await this.memory[bucket].consume(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) return verdict(limit, false, error);
      throw error;
    }
  }
}

function verdict(limit: number, allowed: boolean, res: RateLimiterRes): RateLimitVerdict {
  return {
    allowed,
    limit,
    remaining: res.remainingPoints,
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}
