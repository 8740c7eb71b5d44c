// Slots in Redis, shared by every process on the same store: one sorted set per scope, holder
// -> lease end (Redis time, so that process clocks do not matter). One Lua script checks and
// takes all claimed slots atomically.
import type { Redis } from 'ioredis';
import type { SlotClaim, SlotStore } from './slot-store.js';

// KEYS: one sorted set per scope. ARGV: holder, lease ms, then one limit per key.
const ACQUIRE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local holder = ARGV[1]
local lease = tonumber(ARGV[2])
local counts = {}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  local held = redis.call('ZSCORE', key, holder)
  local size = redis.call('ZCARD', key)
  if (not held) and size >= tonumber(ARGV[2 + i]) then return false end
  if held then counts[i] = size else counts[i] = size + 1 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, holder)
  if redis.call('PTTL', key) < lease then redis.call('PEXPIRE', key, lease) end
end
return counts
`;

export class RedisSlotStore implements SlotStore {
  constructor(
    private readonly redis: () => Redis,
    /** Key prefix, e.g. "frenly:slots:site-analysis". */
    private readonly keyPrefix: string,
  ) {}

  async tryAcquire(
    claims: readonly SlotClaim[],
    holder: string,
    leaseMs: number,
  ): Promise<number[] | undefined> {
    if (claims.length === 0) return [];
    const keys = claims.map((claim) => this.keyOf(claim.scope));
    const limits = claims.map((claim) => String(claim.limit));
    const answer = (await this.redis().eval(
      ACQUIRE,
      keys.length,
      ...keys,
      holder,
      String(leaseMs),
      ...limits,
    )) as number[] | null;
    return answer ?? undefined;
  }

  async release(scopes: readonly string[], holder: string): Promise<void> {
    if (scopes.length === 0) return;
    const pipeline = this.redis().multi();
    for (const scope of scopes) pipeline.zrem(this.keyOf(scope), holder);
    await pipeline.exec();
  }

  private keyOf(scope: string): string {
    return `${this.keyPrefix}:${scope}`;
  }
}
