import type { HttpMiddleware, JsonLogger } from '@frenly/platform';
import { canonicalPath } from './canonical-path.js';
import type { ProxyTrust } from './proxy-trust.js';
import type { RateLimitCounters } from './rate-limit-counters.js';
import { rateLimitSubjectOf } from './rate-limit-key.js';
import { rateLimitBucketOf } from './rate-limit-policy.js';
import { writeError } from './write-error.js';

/**
 * Counts each API request against its bucket's budget (see rate-limit-policy.ts): per user
 * when signed in, else per client IP, so people behind one address keep their own budgets
 * once signed in. Over budget: 429 in the JSON error shape with Retry-After (seconds).
 * Every counted response carries RateLimit-Limit/-Remaining/-Reset. Runs after the identity
 * middleware, which tells who is signed in.
 */
export function rateLimitMiddleware(
  counters: RateLimitCounters,
  proxies: ProxyTrust | undefined,
  logger: JsonLogger,
): HttpMiddleware {
  const log = logger.forContext('rate-limit');
  return (req, res, next) => {
    // Judged on the canonical path: routing serves /api/Search as /api/search, so it costs the same.
    const bucket = rateLimitBucketOf(req.method ?? 'GET', canonicalPath(req.url));
    if (bucket === undefined) return next();
    counters.consume(bucket, rateLimitSubjectOf(req, proxies).key).then(
      (verdict) => {
        res.setHeader('RateLimit-Limit', String(verdict.limit));
        res.setHeader('RateLimit-Remaining', String(verdict.remaining));
        res.setHeader('RateLimit-Reset', String(verdict.resetSeconds));
        if (verdict.allowed) return next();
        res.setHeader('Retry-After', String(verdict.resetSeconds));
        writeError(
          req,
          res,
          429,
          `Too many ${bucket} requests; try again in ${verdict.resetSeconds} s`,
          'RATE_LIMITED',
        );
      },
      // Counting itself failed (not Redis, which falls back to memory): let the request through.
      (error: unknown) => {
        log.exception('rate limit check failed; request let through', error);
        next();
      },
    );
  };
}
