import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import { fakeOf } from '@frenly/testing';
import { factory, movableClock, token } from '../../test/unit/gateway.factories.js';
import { SessionSockets } from '../sessions/session-sockets.js';
import { hashToken, SessionService } from '../sessions/session.service.js';
import { UserRepository } from '../users/user.repository.js';
import { AuthService, LOGIN_FLOW_SECONDS } from './auth.service.js';
import { IdentityError } from './identity.error.js';
import { LoginFlowRepository, type LoginFlow } from './login-flow.repository.js';
import type { SignInClient } from './providers/sign-in-client.js';
import { SignInProviders } from './providers/sign-in-providers.js';

const ORIGIN = 'https://frenly.example';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function provider(overrides: Partial<SignInClient> = {}): jest.Mocked<SignInClient> {
  return fakeOf<SignInClient>({ id: 'dev', name: 'Dev', usesNonce: true, ...overrides });
}

function setup() {
  const client = provider();
  const providers = fakeOf<SignInProviders>();
  const flows = fakeOf<LoginFlowRepository>();
  const users = fakeOf<UserRepository>();
  const sessions = fakeOf<SessionService>();
  const sessionSockets = fakeOf<SessionSockets>();
  const clock = movableClock();
  providers.get.mockReturnValue(client);
  providers.find.mockReturnValue(client);
  client.authorizationUrl.mockResolvedValue(new URL('https://idp.example/authorize?x=1'));
  client.finish.mockResolvedValue({
    subject: 'ada',
    profile: { name: 'Ada Lovelace' } as never,
    idToken: 'id-token',
  });
  client.endSessionUrl.mockResolvedValue(new URL('https://idp.example/logout'));
  flows.insert.mockResolvedValue(undefined);
  flows.deleteExpired.mockResolvedValue(undefined);
  users.upsertFromProvider.mockResolvedValue(factory.user({ id: 'user-1' }));
  sessions.start.mockResolvedValue({ token: token('n'), maxAgeSeconds: 86_400 });
  sessions.end.mockResolvedValue({ provider: 'dev', idToken: 'id-token' });
  sessionSockets.closeSession.mockReturnValue(0);
  const sut = new AuthService(providers, flows, users, sessions, sessionSockets, clock);
  return { sut, client, providers, flows, users, sessions, sessionSockets, clock };
}

/** The flow startLogin stored, as the repository would give it back. */
async function started(ctx: ReturnType<typeof setup>, returnTo: unknown = '/sites/42') {
  const login = await ctx.sut.startLogin(undefined, returnTo, ORIGIN);
  const flow = ctx.flows.insert.mock.calls[0]![0];
  ctx.flows.consume.mockResolvedValue(flow);
  return { login, flow };
}

async function identityRefusal(promise: Promise<unknown>): Promise<IdentityError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof IdentityError))
    throw new Error(`expected an IdentityError, got ${String(error)}`);
  return error;
}

/** The provider's redirect back with the state the browser kept: the callback a sign-in ends with. */
function returnWith(ctx: ReturnType<typeof setup>, state: string, sessionToken?: string) {
  return ctx.sut.finishLogin('dev', new URLSearchParams({ state }), state, sessionToken);
}

describe(AuthService.name, () => {
  it('lists the configured providers', () => {
    const { sut, providers } = setup();
    providers.list.mockReturnValue([{ id: 'dev', name: 'Dev' }]);

    expect(sut.listProviders()).toEqual([{ id: 'dev', name: 'Dev' }]);
  });

  describe('startLogin', () => {
    it('sends the browser to the provider with state, PKCE and nonce, and stores only the hash of the state', async () => {
      const ctx = setup();
      const { login, flow } = await started(ctx);

      expect(login.location).toBe('https://idp.example/authorize?x=1');
      expect(login.state.length).toBeGreaterThan(20);
      const request = ctx.client.authorizationUrl.mock.calls[0]![0];
      expect(request).toMatchObject({
        redirectUri: `${ORIGIN}/auth/dev/callback`,
        state: login.state,
      });
      expect(request.nonce).toEqual(expect.any(String));
      expect(request.codeChallenge).not.toBe(flow.codeVerifier);
      expect(flow).toEqual({
        stateHash: sha256(login.state),
        provider: 'dev',
        codeVerifier: expect.any(String),
        nonce: request.nonce,
        redirectUri: `${ORIGIN}/auth/dev/callback`,
        returnTo: '/sites/42',
        expiresAt: new Date(ctx.clock().getTime() + LOGIN_FLOW_SECONDS * 1000),
      });
      expect(ctx.flows.deleteExpired).toHaveBeenCalledWith(ctx.clock());
    });

    it('uses no nonce with a plain OAuth provider', async () => {
      const ctx = setup();
      ctx.providers.get.mockReturnValue(
        provider({ id: 'github', usesNonce: false, authorizationUrl: ctx.client.authorizationUrl }),
      );

      const { flow } = await started(ctx);

      expect(ctx.client.authorizationUrl.mock.calls[0]![0].nonce).toBeUndefined();
      expect(flow.nonce).toBeNull();
      expect(flow.redirectUri).toBe(`${ORIGIN}/auth/github/callback`);
    });

    it('lands on / after sign-in when the return address is not a path on this site', async () => {
      const ctx = setup();

      const { flow } = await started(ctx, '//evil.example/steal');

      expect(flow.returnTo).toBe('/');
    });
  });

  describe('finishLogin', () => {
    it("signs the user in, ends the browser's previous session and its sockets, and returns where to land", async () => {
      const ctx = setup();
      const { login, flow } = await started(ctx);
      const query = new URLSearchParams({ code: 'the-code', state: login.state });

      const finished = await ctx.sut.finishLogin('dev', query, login.state, token('p'));

      expect(ctx.flows.consume).toHaveBeenCalledWith(sha256(login.state));
      const [callbackUrl, checks] = ctx.client.finish.mock.calls[0]!;
      expect(callbackUrl.href).toBe(
        `${ORIGIN}/auth/dev/callback?code=the-code&state=${login.state}`,
      );
      expect(checks).toEqual({
        codeVerifier: flow.codeVerifier,
        state: login.state,
        nonce: flow.nonce,
      });
      expect(ctx.users.upsertFromProvider).toHaveBeenCalledWith(
        'dev',
        'ada',
        { name: 'Ada Lovelace' },
        ctx.clock(),
      );
      expect(ctx.sessions.start).toHaveBeenCalledWith('user-1', 'dev', 'id-token', token('p'));
      expect(ctx.sessionSockets.closeSession).toHaveBeenCalledWith(hashToken(token('p')));
      expect(finished).toEqual({
        session: { token: token('n'), maxAgeSeconds: 86_400 },
        returnTo: '/sites/42',
      });
    });

    it.each([
      ['no state in the callback', undefined, 'browser'],
      ['no state cookie', 'state', undefined],
      ['a state that is not the cookie', 'state-a', 'state-b'],
    ])('refuses %s without consuming a flow', async (_case, queryState, browserState) => {
      const ctx = setup();
      const query = new URLSearchParams(
        queryState ? { code: 'c', state: queryState } : { code: 'c' },
      );

      const error = await identityRefusal(
        ctx.sut.finishLogin('dev', query, browserState, undefined),
      );

      expect(error.code).toBe('LOGIN_STATE_INVALID');
      expect(error.httpStatus).toBe(400);
      expect(ctx.flows.consume).not.toHaveBeenCalled();
      expect(ctx.sessions.start).not.toHaveBeenCalled();
    });

    it('refuses a flow already used (or never started)', async () => {
      const ctx = setup();
      ctx.flows.consume.mockResolvedValue(undefined);

      const error = await identityRefusal(
        ctx.sut.finishLogin('dev', new URLSearchParams({ state: 's' }), 's', undefined),
      );

      expect(error.code).toBe('LOGIN_STATE_INVALID');
      expect(ctx.client.finish).not.toHaveBeenCalled();
    });

    it('refuses a flow started with another provider', async () => {
      const ctx = setup();
      const { login, flow } = await started(ctx);
      ctx.flows.consume.mockResolvedValue({ ...flow, provider: 'github' } satisfies LoginFlow);

      const error = await identityRefusal(returnWith(ctx, login.state));

      expect(error.code).toBe('LOGIN_STATE_INVALID');
      expect(ctx.client.finish).not.toHaveBeenCalled();
    });

    it('refuses a flow that expired, exactly at its expiry', async () => {
      const ctx = setup();
      const { login } = await started(ctx);
      ctx.clock.advance(LOGIN_FLOW_SECONDS * 1000);

      const error = await identityRefusal(returnWith(ctx, login.state));

      expect(error.code).toBe('LOGIN_STATE_INVALID');
      expect(ctx.client.finish).not.toHaveBeenCalled();
    });

    it('leaves no session when the provider refuses the code', async () => {
      const ctx = setup();
      const { login } = await started(ctx);
      ctx.client.finish.mockRejectedValue(new IdentityError('LOGIN_REFUSED', 'refused'));

      await expect(returnWith(ctx, login.state, token('p'))).rejects.toThrow('refused');
      expect(ctx.users.upsertFromProvider).not.toHaveBeenCalled();
      expect(ctx.sessions.start).not.toHaveBeenCalled();
      expect(ctx.sessionSockets.closeSession).not.toHaveBeenCalled();
    });

    it('closes no sockets when the browser had no session', async () => {
      const ctx = setup();
      const { login } = await started(ctx);

      await returnWith(ctx, login.state);

      expect(ctx.sessionSockets.closeSession).not.toHaveBeenCalled();
    });
  });

  describe('logout', () => {
    it("ends the session and its sockets, and sends the browser to the provider's logout", async () => {
      const ctx = setup();

      await expect(ctx.sut.logout(token(), ORIGIN)).resolves.toBe('https://idp.example/logout');
      expect(ctx.sessions.end).toHaveBeenCalledWith(token());
      expect(ctx.sessionSockets.closeSession).toHaveBeenCalledWith(hashToken(token()));
      expect(ctx.providers.find).toHaveBeenCalledWith('dev');
      expect(ctx.client.endSessionUrl).toHaveBeenCalledWith('id-token', `${ORIGIN}/`);
    });

    it('sends the browser to / when no session ended', async () => {
      const ctx = setup();
      ctx.sessions.end.mockResolvedValue(undefined);

      await expect(ctx.sut.logout(undefined, ORIGIN)).resolves.toBe('/');
      expect(ctx.sessionSockets.closeSession).not.toHaveBeenCalled();
      expect(ctx.client.endSessionUrl).not.toHaveBeenCalled();
    });

    it('sends the browser to / when the provider is gone, has no logout, or fails', async () => {
      const gone = setup();
      gone.providers.find.mockReturnValue(undefined);
      await expect(gone.sut.logout(token(), ORIGIN)).resolves.toBe('/');

      const none = setup();
      none.client.endSessionUrl.mockResolvedValue(undefined);
      await expect(none.sut.logout(token(), ORIGIN)).resolves.toBe('/');

      const failing = setup();
      failing.client.endSessionUrl.mockRejectedValue(new Error('discovery failed'));
      await expect(failing.sut.logout(token(), ORIGIN)).resolves.toBe('/');
    });

    it('sends the browser to / without an app origin to come back to', async () => {
      const ctx = setup();

      await expect(ctx.sut.logout(token(), undefined)).resolves.toBe('/');
      expect(ctx.client.endSessionUrl).not.toHaveBeenCalled();
    });
  });
});
