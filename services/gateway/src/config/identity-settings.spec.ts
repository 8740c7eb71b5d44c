import { commonVars, ConfigError, loadConfig } from '@frenly/config';
import { identityVars } from './gateway.config.js';
import { identitySettingsFrom, internalUrlOf } from './identity-settings.js';

const runtime = { internalUrl: 'http://127.0.0.1:3000' };
const spec = { NODE_ENV: commonVars.NODE_ENV, ...identityVars };
const settingsOf = (env: Record<string, string>) =>
  identitySettingsFrom(loadConfig(spec, env), runtime, env);
const problemsOf = (env: Record<string, string>): string => {
  try {
    settingsOf(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe(identitySettingsFrom.name, () => {
  it('defaults to the development provider (outside production), seven days idle, thirty days absolute', () => {
    const sut = settingsOf({});
    expect(sut.providers.map((p) => p.id)).toEqual(['dev']);
    expect(sut.defaultProviderId).toBe('dev');
    expect(sut.session).toEqual({ idleSeconds: 604_800, absoluteSeconds: 2_592_000 });
    expect(sut.vapidPublicKey).toBe('');
    expect(sut.publicOrigin).toBeUndefined();
  });

  it('reads OIDC and GitHub providers from FRENLY_AUTH_PROVIDERS, secrets from their own variables', () => {
    const sut = settingsOf({
      NODE_ENV: 'production',
      FRENLY_PUBLIC_URL: 'https://frenly.example/',
      FRENLY_AUTH_PROVIDERS: JSON.stringify([
        {
          id: 'google',
          name: 'Google',
          type: 'oidc',
          issuer: 'https://accounts.google.com',
          clientId: 'g-id',
        },
        {
          id: 'github',
          name: 'GitHub',
          type: 'github',
          clientId: 'gh-id',
          clientSecret: 'gh-secret',
        },
      ]),
      FRENLY_AUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      FRENLY_AUTH_DEFAULT_PROVIDER: 'github',
    });
    expect(sut.devIdp).toBeUndefined();
    expect(sut.publicOrigin).toBe('https://frenly.example');
    expect(sut.defaultProviderId).toBe('github');
    expect(sut.providers).toEqual([
      expect.objectContaining({
        type: 'oidc',
        id: 'google',
        clientSecret: 'g-secret',
        tokenEndpointAuthMethod: 'client_secret_basic',
        scopes: 'openid profile email',
      }),
      expect.objectContaining({
        type: 'github',
        id: 'github',
        tokenUrl: 'https://github.com/login/oauth/access_token',
        apiUrl: 'https://api.github.com',
      }),
    ]);
  });

  it.each([
    [{ FRENLY_AUTH_PROVIDERS: 'not json' }, 'FRENLY_AUTH_PROVIDERS must be a JSON array'],
    [{ FRENLY_AUTH_PROVIDERS: '{}' }, 'FRENLY_AUTH_PROVIDERS must be a JSON array of providers'],
    [
      { FRENLY_AUTH_PROVIDERS: '[{"id":"x","name":"X","type":"saml","clientId":"c"}]' },
      '[0].type must be "oidc" or "github"',
    ],
    [
      {
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"Bad Id","name":"X","type":"oidc","issuer":"https://x.example","clientId":"c","clientSecret":"s"}]',
      },
      '[0].id must be lower case',
    ],
    [
      {
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"logout","name":"X","type":"oidc","issuer":"https://x.example","clientId":"c","clientSecret":"s"}]',
      },
      'not one of logout',
    ],
    [
      {
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"x","name":"X","type":"oidc","clientId":"c","clientSecret":"s"}]',
      },
      '[0].issuer is required',
    ],
    [
      {
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"x","name":"X","type":"oidc","issuer":"https://x.example","clientID":"c"}]',
      },
      'unknown property "clientID"',
    ],
    [
      {
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"x","name":"X","type":"oidc","issuer":"https://x.example","clientId":"c"}]',
      },
      'FRENLY_AUTH_PROVIDERS (x): clientSecret is required for client_secret_basic, in the JSON or in FRENLY_AUTH_X_CLIENT_SECRET',
    ],
    [
      {
        NODE_ENV: 'production',
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"x","name":"X","type":"oidc","issuer":"http://idp.example","clientId":"c","clientSecret":"s"}]',
      },
      'must use https when NODE_ENV=production',
    ],
    [
      {
        FRENLY_AUTH_PROVIDERS:
          '[{"id":"dev","name":"X","type":"oidc","issuer":"https://x.example","clientId":"c","clientSecret":"s"}]',
      },
      'id "dev" is taken',
    ],
    [
      { FRENLY_AUTH_DEFAULT_PROVIDER: 'google' },
      'FRENLY_AUTH_DEFAULT_PROVIDER names "google", which is not a configured provider (dev)',
    ],
    [
      { FRENLY_SESSION_IDLE_SECONDS: '7200', FRENLY_SESSION_ABSOLUTE_SECONDS: '3600' },
      'FRENLY_SESSION_ABSOLUTE_SECONDS must not be shorter',
    ],
    [
      { NODE_ENV: 'production', FRENLY_DEV_IDP: 'on' },
      'FRENLY_DEV_IDP=on is refused when NODE_ENV=production',
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(problemsOf(env)).toContain(message);
  });

  it('leaves sign-in without a default provider when none is configured', () => {
    const sut = settingsOf({ FRENLY_DEV_IDP: 'off' });
    expect(sut.providers).toEqual([]);
    expect(sut.defaultProviderId).toBeUndefined();
  });
});

describe(internalUrlOf.name, () => {
  it.each([
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://127.0.0.1:3000'],
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['::1', 'http://[::1]:3000'],
    ['10.1.2.3', 'http://10.1.2.3:3000'],
  ])('%s → %s', (host, url) => {
    expect(internalUrlOf(host, 3000)).toBe(url);
  });
});
