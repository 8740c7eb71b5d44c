import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { AuthProviderDto } from '@frenly/contracts';
import { GATEWAY_CLOCK, type Clock } from '../gateway.options.js';
import { SessionSockets } from '../sessions/session-sockets.js';
import { hashToken, SessionService, type StartedSession } from '../sessions/session.service.js';
import { UserRepository } from '../users/user.repository.js';
import { IdentityError } from './identity.error.js';
import { LoginFlowRepository } from './login-flow.repository.js';
import { SignInProviders } from './providers/sign-in-providers.js';
import { safeReturnTo } from './return-to.js';

/** How long a started sign-in may take before its callback is refused. */
export const LOGIN_FLOW_SECONDS = 10 * 60;

export interface StartedLogin {
  /** Where to send the browser: the provider's authorization endpoint. */
  readonly location: string;
  /** Kept in a cookie so that only the browser that started the sign-in can finish it. */
  readonly state: string;
}

export interface FinishedLogin {
  readonly session: StartedSession;
  readonly returnTo: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sign-in with any configured provider (authorization code + PKCE + state, and nonce for
 * OIDC), then a fresh session; sign-out with RP-initiated logout where the provider has it.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly providers: SignInProviders,
    private readonly flows: LoginFlowRepository,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly sessionSockets: SessionSockets,
    @Inject(GATEWAY_CLOCK) private readonly now: Clock,
  ) {}

  listProviders(): AuthProviderDto[] {
    return this.providers.list();
  }

  /** `providerId` undefined = the default provider. `appOrigin` is where the callback comes back to. */
  async startLogin(
    providerId: string | undefined,
    returnTo: unknown,
    appOrigin: string,
  ): Promise<StartedLogin> {
    const provider = this.providers.get(providerId);
    const state = oidc.randomState();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = provider.usesNonce ? oidc.randomNonce() : undefined;
    const redirectUri = `${appOrigin}/auth/${provider.id}/callback`;
    const url = await provider.authorizationUrl({
      redirectUri,
      state,
      nonce,
      codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    });
    const now = this.now();
    await this.flows.deleteExpired(now);
    await this.flows.insert({
      stateHash: sha256(state),
      provider: provider.id,
      codeVerifier,
      nonce: nonce ?? null,
      redirectUri,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(now.getTime() + LOGIN_FLOW_SECONDS * 1000),
    });
    return { location: url.href, state };
  }

  /**
   * The provider's callback: the state must match the one this browser started with (cookie)
   * and a live flow; the provider then checks the code against the PKCE verifier. Any failure
   * leaves no session.
   */
  async finishLogin(
    providerId: string,
    query: URLSearchParams,
    browserState: string | undefined,
    previousSessionToken: string | undefined,
  ): Promise<FinishedLogin> {
    const provider = this.providers.get(providerId);
    const state = query.get('state');
    if (!state || !browserState || !sameText(state, browserState)) {
      throw new IdentityError(
        'LOGIN_STATE_INVALID',
        'This sign-in was not started by this browser or has expired; please sign in again',
      );
    }
    const flow = await this.flows.consume(sha256(state));
    if (
      !flow ||
      flow.provider !== provider.id ||
      flow.expiresAt.getTime() <= this.now().getTime()
    ) {
      throw new IdentityError(
        'LOGIN_STATE_INVALID',
        'This sign-in has expired or was already used; please sign in again',
      );
    }
    const callbackUrl = new URL(flow.redirectUri);
    callbackUrl.search = query.toString();
    const login = await provider.finish(callbackUrl, {
      codeVerifier: flow.codeVerifier,
      state,
      nonce: flow.nonce ?? undefined,
    });
    const user = await this.users.upsertFromProvider(
      provider.id,
      login.subject,
      login.profile,
      this.now(),
    );
    const session = await this.sessions.start(
      user.id,
      provider.id,
      login.idToken,
      previousSessionToken,
    );
    // The browser's previous session ended with this sign-in: so do its live connections.
    if (previousSessionToken) this.sessionSockets.closeSession(hashToken(previousSessionToken));
    return { session, returnTo: flow.returnTo };
  }

  /** Ends the session; returns where to send the browser (the provider's logout, or `/`). */
  async logout(sessionToken: string | undefined, appOrigin: string | undefined): Promise<string> {
    const ended = await this.sessions.end(sessionToken);
    // Its live connections end with it (other sessions of the user keep theirs).
    if (sessionToken) this.sessionSockets.closeSession(hashToken(sessionToken));
    if (!ended || !appOrigin) return '/';
    const provider = this.providers.find(ended.provider);
    const url = await provider
      ?.endSessionUrl(ended.idToken, `${appOrigin}/`)
      .catch(() => undefined);
    return url?.href ?? '/';
  }
}
