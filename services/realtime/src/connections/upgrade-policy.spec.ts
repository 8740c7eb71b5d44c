import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import { identityOf, isEndpointPath, originRefusal } from './upgrade-policy.js';

const request = (headers: Record<string, string>): IncomingMessage =>
  ({ headers, socket: {} }) as unknown as IncomingMessage;

describe(originRefusal.name, () => {
  const policy = { publicOrigin: 'https://frenly.example', trustProxy: false };

  it.each([
    [{ host: 'localhost:3000', origin: 'http://localhost:3000' }, true],
    [{ host: 'LOCALHOST:3000', origin: 'http://localhost:3000' }, true],
    [{ host: 'localhost:3000', origin: 'http://localhost:3001' }, false],
    [{ host: 'localhost:3000', origin: 'https://frenly.example' }, true],
    [{ host: 'localhost:3000', origin: 'https://frenly.example.evil.example' }, false],
    [{ host: 'localhost:3000', origin: 'https://evil.example' }, false],
    [{ host: 'localhost:3000', origin: 'null' }, false],
    [{ host: 'localhost:3000', origin: 'garbage' }, false],
    [{ host: 'localhost:3000', origin: 'file://localhost:3000' }, false],
    [{ host: 'localhost:3000' }, true], // not a browser page: the identity still decides
    [{ host: 'localhost:3000', origin: 'https://localhost:3000' }, false], // scheme differs
  ])('%j allowed: %s', (headers, allowed) => {
    expect(originRefusal(request(headers), policy) === undefined).toBe(allowed);
  });

  it('answers 403 with a code', () => {
    expect(
      originRefusal(request({ host: 'a.example', origin: 'https://b.example' }), policy),
    ).toEqual({
      status: 403,
      code: 'CROSS_SITE_WEBSOCKET',
      message: expect.stringContaining('Origin'),
    });
  });

  it('believes X-Forwarded-Host only behind a trusted proxy', () => {
    const headers = {
      host: 'realtime:3004',
      'x-forwarded-host': 'app.example',
      'x-forwarded-proto': 'https, http',
      origin: 'https://app.example',
    };
    expect(
      originRefusal(request(headers), { publicOrigin: undefined, trustProxy: false }),
    ).toBeDefined();
    expect(
      originRefusal(request(headers), { publicOrigin: undefined, trustProxy: true }),
    ).toBeUndefined();
    // The forwarded scheme counts as well: an http page of the same host is another origin.
    expect(
      originRefusal(request({ ...headers, origin: 'http://app.example' }), {
        publicOrigin: undefined,
        trustProxy: true,
      }),
    ).toBeDefined();
  });
});

describe(identityOf.name, () => {
  const tokens = new IdentityTokens(randomBytes(32));
  const identity = { userId: 'u-1', firstName: 'Ada', lastName: null, email: null };

  it('accepts a valid signed identity', () => {
    expect(identityOf(request({ [IDENTITY_HEADER]: tokens.sign(identity) }), tokens)).toEqual({
      accepted: true,
      identity,
    });
  });

  it.each([
    ['no header', {}],
    ['a forged header', { [IDENTITY_HEADER]: 'forged.token' }],
    [
      'a header signed with another secret',
      { [IDENTITY_HEADER]: new IdentityTokens(randomBytes(32)).sign(identity) },
    ],
  ])('refuses %s with 401', (_label, headers) => {
    expect(identityOf(request(headers), tokens)).toEqual({
      accepted: false,
      refusal: { status: 401, code: 'SIGN_IN_REQUIRED', message: 'Sign in required' },
    });
  });
});

describe(isEndpointPath.name, () => {
  it.each([
    ['/ws', true],
    ['/ws/', true],
    ['/ws?token=1', true],
    ['/wsx', false],
    ['/ws/other', false],
    ['/', false],
    [undefined, false],
  ])('%s: %s', (url, expected) => {
    expect(isEndpointPath(url, '/ws')).toBe(expected);
  });
});
