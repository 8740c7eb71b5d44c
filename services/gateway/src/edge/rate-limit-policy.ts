import type { RateLimitBucket } from './edge-settings.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const SIGN_IN = /^\/(api\/(login|logout)|auth)(\/|$)/;
/** Work that makes Frenly fetch or analyse a site: the costliest requests a client can ask for. */
const FETCHES_A_SITE = /^\/api\/(sites\/analyze|sites\/[^/]+\/reframe|search\/submit)\/?$/;
const SEARCH = /^\/api\/search(\/|$)/;
const API = /^\/api(\/|$)/;

/**
 * Which budget a request spends, or undefined when it spends none: the frontend's files,
 * /health (probes must see the truth under load) and /metrics (scraped from inside the
 * deployment) are never limited, nor is anything the API does not serve.
 */
export function rateLimitBucketOf(method: string, path: string): RateLimitBucket | undefined {
  if (SIGN_IN.test(path)) return 'auth';
  if (!API.test(path)) return undefined;
  if (SAFE.has(method)) return SEARCH.test(path) ? 'search' : 'read';
  return FETCHES_A_SITE.test(path) ? 'analyze' : 'write';
}

/**
 * What a websocket upgrade spends, whatever its path: opening a live connection costs the
 * server a socket for as long as it stays open, so opening them is budgeted on its own.
 */
export const WEBSOCKET_BUCKET: RateLimitBucket = 'websocket';
