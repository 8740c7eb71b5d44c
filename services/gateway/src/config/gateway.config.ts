import { commonVars, env, type ConfigOf } from '@frenly/config';
import { distributedVars } from '@frenly/platform';
import { proxyAddressProblem } from '../edge/proxy-trust.js';
import { authProvidersVar } from './auth-providers.var.js';

/** One or more instances of a service (comma-separated base URLs); the gateway spreads requests over them. */
const serviceUrls = (service: string, port: number) =>
  env.list(
    `Base URL(s) of the ${service} service, comma-separated for several instances; the gateway forwards its routes there`,
    {
      default: `http://127.0.0.1:${port}`,
      item: (item) => {
        try {
          return ['http:', 'https:'].includes(new URL(item).protocol)
            ? undefined
            : 'must use http or https';
        } catch {
          return 'must be a URL';
        }
      },
    },
  );

/** Sign-in, sessions and push: the same variables in both runtimes (see identity-settings.ts). */
export const identityVars = {
  FRENLY_PUBLIC_URL: env.url(
    'Public origin of the app (e.g. https://frenly.example): sign-in callbacks and the same-origin check; unset = the origin of each request',
    ['http', 'https'],
  ),
  FRENLY_TRUST_PROXY: env.bool(
    'Trust X-Forwarded-Proto/-Host from a reverse proxy (Secure cookies, origin check, callbacks)',
    false,
  ),
  FRENLY_AUTH_PROVIDERS: authProvidersVar,
  FRENLY_AUTH_DEFAULT_PROVIDER: env.optionalString(
    'Provider id that /api/login uses; default: dev when the development identity provider runs, else the first of FRENLY_AUTH_PROVIDERS',
  ),
  FRENLY_DEV_IDP: env.oneOf(
    'Development identity provider under /dev-idp (sign in with just a name): auto = on unless NODE_ENV=production, for clients on this machine (loopback) only; on = for any client, anyone who reaches the port can sign in as anyone (refused in production)',
    ['auto', 'on', 'off'],
    'auto',
  ),
  FRENLY_SESSION_IDLE_SECONDS: env.int(
    'A session unused for this long ends (seconds; default 7 days)',
    { default: 7 * 24 * 3600, min: 60 },
  ),
  FRENLY_SESSION_ABSOLUTE_SECONDS: env.int(
    'A session ends this long after sign-in, however used (seconds; default 30 days)',
    {
      default: 30 * 24 * 3600,
      min: 60,
    },
  ),
  FRENLY_VAPID_PUBLIC_KEY: env.string(
    'Web Push application server (VAPID) public key given to the frontend; empty = push off',
    { default: '' },
  ),
};

/**
 * Edge protection (see ../edge/edge-settings.ts): the same variables in both runtimes. Each
 * budget counts requests per window, per signed-in user, or per client IP for everyone else.
 */
export const edgeVars = {
  FRENLY_RATE_LIMIT: env.bool(
    'Rate limits at the gateway (per signed-in user, else per client IP), open-websocket caps included; off only for load benchmarks',
    true,
  ),
  FRENLY_RATE_LIMIT_WINDOW_SECONDS: env.int('Length of one rate-limit window (seconds)', {
    default: 60,
    min: 1,
    max: 3600,
  }),
  FRENLY_RATE_LIMIT_SEARCH: env.int('Searches (GET /api/search…) per window', {
    default: 120,
    min: 1,
  }),
  FRENLY_RATE_LIMIT_READ: env.int('Other API reads (GET /api/…) per window', {
    default: 600,
    min: 1,
  }),
  FRENLY_RATE_LIMIT_WRITE: env.int('State changes (stakes, votes, push subscriptions) per window', {
    default: 60,
    min: 1,
  }),
  FRENLY_RATE_LIMIT_ANALYZE: env.int(
    'Requests that fetch or analyse a site (analyze, reframe, submit) per window',
    { default: 20, min: 1 },
  ),
  FRENLY_RATE_LIMIT_AUTH: env.int(
    'Sign-in and sign-out steps (/api/login, /api/logout, /auth/…) per window',
    {
      default: 60,
      min: 1,
    },
  ),
  FRENLY_RATE_LIMIT_WEBSOCKET: env.int(
    'Live-update connections opened (websocket upgrades of /ws) per window; a page opens one and reconnects with backoff',
    { default: 30, min: 1 },
  ),
  FRENLY_MAX_WEBSOCKETS_PER_USER: env.int(
    'Websockets one signed-in user may hold open at once, per gateway process (one per open tab); more get 429',
    { default: 16, min: 1 },
  ),
  FRENLY_MAX_WEBSOCKETS_PER_IP: env.int(
    'Websockets one client IP (IPv6: its /64) may hold open at once, per gateway process, whoever is signed in; raise it behind a large NAT',
    { default: 256, min: 1 },
  ),
  FRENLY_MAX_BODY_BYTES: env.int('Largest request body accepted (bytes); a larger one gets 413', {
    default: 64 * 1024,
    min: 1024,
    max: 16 * 1024 * 1024,
  }),
  FRENLY_TRUSTED_PROXIES: env.list(
    'With FRENLY_TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (rate limits), comma-separated IP addresses, CIDR ranges, loopback, linklocal or uniquelocal; a request from any other peer is counted by its own address',
    { default: 'loopback,linklocal,uniquelocal', item: proxyAddressProblem },
  ),
  FRENLY_TRUSTED_PROXY_HOPS: env.int(
    'With FRENLY_TRUST_PROXY: how many trusted proxies a request passes through (X-Forwarded-For entries believed, from the right)',
    { default: 1, min: 1, max: 10 },
  ),
};

/** The gateway on its own (distributed mode): identity data in PostgreSQL, events on Kafka. */
export const gatewayConfigSpec = {
  NODE_ENV: commonVars.NODE_ENV,
  LOG_LEVEL: commonVars.LOG_LEVEL,
  DATABASE_URL: distributedVars.DATABASE_URL,
  FRENLY_DATA_DIR: commonVars.FRENLY_DATA_DIR,
  KAFKA_BROKERS: distributedVars.KAFKA_BROKERS,
  // Optional here: without it a lone gateway keeps its rate-limit counters in memory.
  REDIS_URL: commonVars.REDIS_URL,
  FRENLY_IDENTITY_SECRET: distributedVars.FRENLY_IDENTITY_SECRET,
  KAFKA_CLIENT_ID: commonVars.KAFKA_CLIENT_ID,
  KAFKA_NAMESPACE: commonVars.KAFKA_NAMESPACE,
  PORT: env.port('HTTP port of the gateway', 3000),
  HOST: env.string('Network interface to listen on', { default: '0.0.0.0' }),
  SEARCH_URL: serviceUrls('search', 3001),
  LEDGER_URL: serviceUrls('ledger', 3002),
  ANALYSIS_URL: serviceUrls('analysis', 3003),
  REALTIME_URL: serviceUrls('realtime', 3004),
  FRONTEND_DIR: env.optionalString(
    'Folder of the built frontend the gateway serves (default: frontend/dist of this checkout)',
  ),
  ...identityVars,
  ...edgeVars,
};

export type GatewayConfig = ConfigOf<typeof gatewayConfigSpec>;
export type IdentityConfig = ConfigOf<typeof identityVars> & { readonly NODE_ENV: string };
export type EdgeConfig = ConfigOf<typeof edgeVars>;
