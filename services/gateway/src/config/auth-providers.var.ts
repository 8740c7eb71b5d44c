import type { VarSpec } from '@frenly/config';

/** A sign-in provider as written in FRENLY_AUTH_PROVIDERS (secrets may come from their own variables). */
export type ConfiguredProvider = ConfiguredOidcProvider | ConfiguredGithubProvider;

interface ConfiguredProviderBase {
  /** Path segment of /auth/{id}; lower case letters, digits and dashes. */
  readonly id: string;
  /** Button label on the landing page. */
  readonly name: string;
  readonly clientId: string;
  /** When absent: FRENLY_AUTH_<ID>_CLIENT_SECRET (see identity-settings.ts). */
  readonly clientSecret?: string;
  /** Space-separated scopes; each type has a sensible default. */
  readonly scopes?: string;
}

export interface ConfiguredOidcProvider extends ConfiguredProviderBase {
  readonly type: 'oidc';
  /** The issuer; its /.well-known/openid-configuration is fetched at the first sign-in. */
  readonly issuer: string;
  readonly tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
}

export interface ConfiguredGithubProvider extends ConfiguredProviderBase {
  readonly type: 'github';
  /** Overrides for GitHub Enterprise (and tests): default github.com endpoints. */
  readonly authorizationUrl?: string;
  readonly tokenUrl?: string;
  readonly apiUrl?: string;
}

export const TOKEN_ENDPOINT_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'none',
] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** Ids that would collide with the gateway's own /auth routes. */
const RESERVED_IDS = new Set(['logout', 'callback', 'providers', 'user']);
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

const KEYS = {
  oidc: [
    'id',
    'name',
    'type',
    'clientId',
    'clientSecret',
    'scopes',
    'issuer',
    'tokenEndpointAuthMethod',
  ],
  github: [
    'id',
    'name',
    'type',
    'clientId',
    'clientSecret',
    'scopes',
    'authorizationUrl',
    'tokenUrl',
    'apiUrl',
  ],
} as const;

/**
 * FRENLY_AUTH_PROVIDERS: a JSON array of providers, e.g.
 * `[{"id":"google","name":"Google","type":"oidc","issuer":"https://accounts.google.com","clientId":"…"},
 *   {"id":"github","name":"GitHub","type":"github","clientId":"…"}]`. Empty means none.
 */
export const authProvidersVar: VarSpec<readonly ConfiguredProvider[]> = {
  description:
    'JSON array of sign-in providers: {id, name, type: "oidc" (issuer) or "github", clientId, clientSecret?, scopes?}; ' +
    'a missing clientSecret is read from FRENLY_AUTH_<ID>_CLIENT_SECRET',
  defaultText: '[]',
  parse(raw) {
    const text = raw?.trim() || '[]';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { ok: false, error: `must be a JSON array (${(error as Error).message})` };
    }
    if (!Array.isArray(parsed)) return { ok: false, error: 'must be a JSON array of providers' };
    const problems: string[] = [];
    const providers: ConfiguredProvider[] = [];
    const seen = new Set<string>();
    parsed.forEach((entry: unknown, index) => {
      const where = `[${index}]`;
      const provider = parseProvider(entry, where, problems);
      if (!provider) return;
      if (seen.has(provider.id)) problems.push(`${where}: id "${provider.id}" is used twice`);
      seen.add(provider.id);
      providers.push(provider);
    });
    return problems.length > 0
      ? { ok: false, error: `is invalid: ${problems.join('; ')}` }
      : { ok: true, value: providers };
  },
};

function parseProvider(
  entry: unknown,
  where: string,
  problems: string[],
): ConfiguredProvider | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    problems.push(`${where} must be an object`);
    return undefined;
  }
  const fields = entry as Record<string, unknown>;
  const before = problems.length;
  const type = fields.type;
  if (type !== 'oidc' && type !== 'github') {
    problems.push(`${where}.type must be "oidc" or "github"`);
    return undefined;
  }
  for (const key of Object.keys(fields)) {
    if (!(KEYS[type] as readonly string[]).includes(key))
      problems.push(`${where}: unknown property "${key}" for type ${type}`);
  }
  const id = requiredString(fields, 'id', where, problems);
  if (id !== undefined && (!ID_PATTERN.test(id) || RESERVED_IDS.has(id))) {
    problems.push(
      `${where}.id must be lower case letters, digits and dashes (at most 32) and not one of ${[...RESERVED_IDS].join(', ')}`,
    );
  }
  const name = requiredString(fields, 'name', where, problems);
  const clientId = requiredString(fields, 'clientId', where, problems);
  const clientSecret = optionalString(fields, 'clientSecret', where, problems);
  const scopes = optionalString(fields, 'scopes', where, problems);
  const common = { id: id ?? '', name: name ?? '', clientId: clientId ?? '', clientSecret, scopes };

  if (type === 'oidc') {
    const issuer = requiredString(fields, 'issuer', where, problems);
    if (issuer !== undefined) checkUrl(issuer, `${where}.issuer`, problems);
    const method = optionalString(fields, 'tokenEndpointAuthMethod', where, problems);
    if (
      method !== undefined &&
      !(TOKEN_ENDPOINT_AUTH_METHODS as readonly string[]).includes(method)
    ) {
      problems.push(
        `${where}.tokenEndpointAuthMethod must be one of ${TOKEN_ENDPOINT_AUTH_METHODS.join(', ')}`,
      );
    }
    if (problems.length > before) return undefined;
    return {
      ...common,
      type,
      issuer: issuer!,
      tokenEndpointAuthMethod: method as TokenEndpointAuthMethod | undefined,
    };
  }
  const urls = {
    authorizationUrl: optionalString(fields, 'authorizationUrl', where, problems),
    tokenUrl: optionalString(fields, 'tokenUrl', where, problems),
    apiUrl: optionalString(fields, 'apiUrl', where, problems),
  };
  for (const [key, value] of Object.entries(urls))
    if (value !== undefined) checkUrl(value, `${where}.${key}`, problems);
  if (problems.length > before) return undefined;
  return { ...common, type, ...urls };
}

function requiredString(
  fields: Record<string, unknown>,
  key: string,
  where: string,
  problems: string[],
): string | undefined {
  const value = fields[key];
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${where}.${key} is required (a non-empty string)`);
    return undefined;
  }
  return value.trim();
}

function optionalString(
  fields: Record<string, unknown>,
  key: string,
  where: string,
  problems: string[],
): string | undefined {
  const value = fields[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${where}.${key} must be a non-empty string when given`);
    return undefined;
  }
  return value.trim();
}

function checkUrl(value: string, label: string, problems: string[]): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${label} must be a URL (got "${value}")`);
    return;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    problems.push(`${label} must be an http(s) URL`);
  if (url.search || url.hash) problems.push(`${label} must not have a query or fragment`);
}
