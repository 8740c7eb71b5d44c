import { randomBytes } from 'node:crypto';
import { ConfigError } from '@frenly/config';
import type { ConfiguredProvider, TokenEndpointAuthMethod } from './auth-providers.var.js';
import type { IdentityConfig } from './gateway.config.js';

/** A sign-in provider ready to use: secrets resolved, endpoints defaulted. */
export type SignInProviderSettings = OidcProviderSettings | GithubProviderSettings;

export interface OidcProviderSettings {
  readonly type: 'oidc';
  readonly id: string;
  readonly name: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string | undefined;
  readonly tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  readonly scopes: string;
}

export interface GithubProviderSettings {
  readonly type: 'github';
  readonly id: string;
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string;
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly apiUrl: string;
}

/** The development identity provider this process mounts under /dev-idp. */
export interface DevIdpSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Origins (besides loopback ones, on any port) the dev client may be sent back to. */
  readonly redirectOrigins: readonly string[];
  /** FRENLY_DEV_IDP=on: clients on other machines may sign in too; auto: loopback clients only. */
  readonly anyClient: boolean;
}

export interface SessionSettings {
  readonly idleSeconds: number;
  readonly absoluteSeconds: number;
}

export interface IdentitySettings {
  /** FRENLY_PUBLIC_URL's origin, or undefined to use each request's own origin. */
  readonly publicOrigin: string | undefined;
  readonly trustProxy: boolean;
  readonly providers: readonly SignInProviderSettings[];
  /** What /api/login uses; undefined when no provider is configured. */
  readonly defaultProviderId: string | undefined;
  readonly devIdp: DevIdpSettings | undefined;
  readonly session: SessionSettings;
  readonly vapidPublicKey: string;
  readonly nodeEnv: string;
}

export const DEV_PROVIDER_ID = 'dev';
export const DEV_IDP_PATH = '/dev-idp';

const GITHUB_DEFAULTS = {
  authorizationUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  apiUrl: 'https://api.github.com',
  scopes: 'read:user user:email',
};

/**
 * Checks what the variables mean together (default provider exists, secrets present, the dev
 * provider not in production) and resolves the providers. Throws a ConfigError naming the variables.
 * `internalUrl` is where this process itself answers (the dev provider's issuer when no public URL).
 */
export function identitySettingsFrom(
  config: IdentityConfig,
  runtime: { internalUrl: string },
  source: NodeJS.ProcessEnv = process.env,
): IdentitySettings {
  const problems: string[] = [];
  const production = config.NODE_ENV === 'production';
  const publicOrigin = config.FRENLY_PUBLIC_URL
    ? new URL(config.FRENLY_PUBLIC_URL).origin
    : undefined;

  if (config.FRENLY_SESSION_ABSOLUTE_SECONDS < config.FRENLY_SESSION_IDLE_SECONDS) {
    problems.push(
      'FRENLY_SESSION_ABSOLUTE_SECONDS must not be shorter than FRENLY_SESSION_IDLE_SECONDS',
    );
  }
  if (config.FRENLY_DEV_IDP === 'on' && production) {
    problems.push(
      'FRENLY_DEV_IDP=on is refused when NODE_ENV=production: the development identity provider lets anyone sign in as anyone',
    );
  }
  const devEnabled =
    config.FRENLY_DEV_IDP === 'on' || (config.FRENLY_DEV_IDP === 'auto' && !production);

  const providers: SignInProviderSettings[] = [];
  let devIdp: DevIdpSettings | undefined;
  if (devEnabled) {
    devIdp = {
      issuer: `${publicOrigin ?? runtime.internalUrl.replace(/\/$/, '')}${DEV_IDP_PATH}`,
      clientId: 'frenly-app',
      // The provider and its only client live in this process: a fresh secret each start.
      clientSecret: randomBytes(32).toString('base64url'),
      redirectOrigins: publicOrigin ? [publicOrigin] : [],
      anyClient: config.FRENLY_DEV_IDP === 'on',
    };
    providers.push({
      type: 'oidc',
      id: DEV_PROVIDER_ID,
      name: 'Development sign-in',
      issuer: devIdp.issuer,
      clientId: devIdp.clientId,
      clientSecret: devIdp.clientSecret,
      tokenEndpointAuthMethod: 'client_secret_basic',
      scopes: 'openid profile email',
    });
  }

  for (const configured of config.FRENLY_AUTH_PROVIDERS) {
    if (devEnabled && configured.id === DEV_PROVIDER_ID) {
      problems.push(
        `FRENLY_AUTH_PROVIDERS: id "${DEV_PROVIDER_ID}" is taken by the development identity provider (FRENLY_DEV_IDP)`,
      );
      continue;
    }
    const resolved = resolveProvider(configured, source, production, problems);
    if (resolved) providers.push(resolved);
  }

  const wanted = config.FRENLY_AUTH_DEFAULT_PROVIDER;
  if (wanted !== undefined && !providers.some((p) => p.id === wanted)) {
    problems.push(
      `FRENLY_AUTH_DEFAULT_PROVIDER names "${wanted}", which is not a configured provider (${providers.map((p) => p.id).join(', ') || 'none'})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    publicOrigin,
    trustProxy: config.FRENLY_TRUST_PROXY,
    providers,
    defaultProviderId: wanted ?? providers[0]?.id,
    devIdp,
    session: {
      idleSeconds: config.FRENLY_SESSION_IDLE_SECONDS,
      absoluteSeconds: config.FRENLY_SESSION_ABSOLUTE_SECONDS,
    },
    vapidPublicKey: config.FRENLY_VAPID_PUBLIC_KEY,
    nodeEnv: config.NODE_ENV,
  };
}

/** `FRENLY_AUTH_<ID>_CLIENT_SECRET`: keeps secrets out of the JSON. */
export function secretVariableOf(providerId: string): string {
  return `FRENLY_AUTH_${providerId.toUpperCase().replace(/-/g, '_')}_CLIENT_SECRET`;
}

function resolveProvider(
  configured: ConfiguredProvider,
  source: NodeJS.ProcessEnv,
  production: boolean,
  problems: string[],
): SignInProviderSettings | undefined {
  const secretVariable = secretVariableOf(configured.id);
  const clientSecret = configured.clientSecret ?? (source[secretVariable]?.trim() || undefined);
  const label = `FRENLY_AUTH_PROVIDERS (${configured.id})`;
  if (configured.type === 'github') {
    if (!clientSecret) {
      problems.push(`${label}: clientSecret is required, in the JSON or in ${secretVariable}`);
      return undefined;
    }
    const provider: GithubProviderSettings = {
      type: 'github',
      id: configured.id,
      name: configured.name,
      clientId: configured.clientId,
      clientSecret,
      scopes: configured.scopes ?? GITHUB_DEFAULTS.scopes,
      authorizationUrl: configured.authorizationUrl ?? GITHUB_DEFAULTS.authorizationUrl,
      tokenUrl: configured.tokenUrl ?? GITHUB_DEFAULTS.tokenUrl,
      apiUrl: (configured.apiUrl ?? GITHUB_DEFAULTS.apiUrl).replace(/\/$/, ''),
    };
    for (const url of [provider.authorizationUrl, provider.tokenUrl, provider.apiUrl])
      checkTransport(url, label, production, problems);
    return provider;
  }
  const method = configured.tokenEndpointAuthMethod ?? 'client_secret_basic';
  if (method !== 'none' && !clientSecret) {
    problems.push(
      `${label}: clientSecret is required for ${method}, in the JSON or in ${secretVariable}`,
    );
    return undefined;
  }
  checkTransport(configured.issuer, label, production, problems);
  return {
    type: 'oidc',
    id: configured.id,
    name: configured.name,
    issuer: configured.issuer,
    clientId: configured.clientId,
    clientSecret,
    tokenEndpointAuthMethod: method,
    scopes: configured.scopes ?? 'openid profile email',
  };
}

/** Plain http to a provider is for development and loopback test providers only. */
function checkTransport(url: string, label: string, production: boolean, problems: string[]): void {
  const parsed = new URL(url);
  if (parsed.protocol === 'http:' && production && !isLoopbackHost(parsed.hostname)) {
    problems.push(`${label}: ${url} must use https when NODE_ENV=production`);
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** Where a process listening on HOST:PORT answers itself (loopback when it listens everywhere). */
export function internalUrlOf(host: string, port: number): string {
  const everywhere = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = everywhere
    ? '127.0.0.1'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}
