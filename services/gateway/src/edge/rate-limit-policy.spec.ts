import { rateLimitBucketOf } from './rate-limit-policy.js';

describe(rateLimitBucketOf.name, () => {
  it.each([
    ['GET', '/api/search', 'search'],
    ['GET', '/api/search/trending', 'search'],
    ['POST', '/api/search/submit', 'analyze'],
    ['POST', '/api/sites/analyze', 'analyze'],
    ['POST', '/api/sites/42/reframe', 'analyze'],
    ['POST', '/api/sites/42/vote', 'write'],
    ['POST', '/api/stakes', 'write'],
    ['POST', '/api/push/subscribe', 'write'],
    ['DELETE', '/api/anything', 'write'],
    ['GET', '/api/stakes/user', 'read'],
    ['GET', '/api/auth/user', 'read'],
    ['HEAD', '/api/meta', 'read'],
    ['GET', '/api/login', 'auth'],
    ['POST', '/api/logout', 'auth'],
    ['GET', '/auth/dev', 'auth'],
    ['GET', '/auth/dev/callback', 'auth'],
  ] as const)('%s %s spends the %s budget', (method, path, bucket) => {
    expect(rateLimitBucketOf(method, path)).toBe(bucket);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/search'],
    ['GET', '/assets/index-abc.js'],
    ['GET', '/health/ready'],
    ['GET', '/health/live'],
    ['GET', '/metrics'],
    ['GET', '/dev-idp/auth'],
    ['GET', '/apis'], // not under /api/
    ['GET', '/authors'],
  ] as const)('%s %s spends nothing', (method, path) => {
    expect(rateLimitBucketOf(method, path)).toBeUndefined();
  });
});
