import * as oidc from 'openid-client';
import type { GithubProviderSettings } from '../../config/identity-settings.js';
import { IdentityError } from '../identity.error.js';
import { providerFailure } from './provider-errors.js';
import { httpsUrlOrNull } from './oidc-sign-in.client.js';
import {
  splitName,
  type AuthorizationRequest,
  type CallbackChecks,
  type ProviderLogin,
  type SignInClient,
} from './sign-in-client.js';

const API_TIMEOUT_MS = 10_000;

interface GithubUser {
  id?: unknown;
  login?: unknown;
  name?: unknown;
  email?: unknown;
  avatar_url?: unknown;
}

interface GithubEmail {
  email?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/**
 * GitHub through OAuth 2 (it is not an OpenID provider): authorization code + PKCE + state
 * at its own endpoints, then the person from its REST API (`/user`, `/user/emails` when the
 * profile email is private). The subject is the numeric GitHub user id, which never changes.
 */
export class GithubSignInClient implements SignInClient {
  readonly usesNonce = false;
  private readonly configuration: oidc.Configuration;

  constructor(private readonly settings: GithubProviderSettings) {
    this.configuration = new oidc.Configuration(
      {
        issuer: new URL(settings.authorizationUrl).origin,
        authorization_endpoint: settings.authorizationUrl,
        token_endpoint: settings.tokenUrl,
      },
      settings.clientId,
      { client_secret: settings.clientSecret },
      oidc.ClientSecretPost(settings.clientSecret),
    );
    this.configuration.timeout = API_TIMEOUT_MS / 1000;
    if (new URL(settings.tokenUrl).protocol === 'http:')
      oidc.allowInsecureRequests(this.configuration);
  }

  get id(): string {
    return this.settings.id;
  }

  get name(): string {
    return this.settings.name;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.configuration, {
      redirect_uri: request.redirectUri,
      scope: this.settings.scopes,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      state: request.state,
    });
  }

  async finish(callbackUrl: URL, checks: CallbackChecks): Promise<ProviderLogin> {
    try {
      const tokens = await oidc.authorizationCodeGrant(this.configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const user = await this.api<GithubUser>('/user', tokens.access_token);
      if ((typeof user.id !== 'number' && typeof user.id !== 'string') || String(user.id) === '') {
        throw new IdentityError('LOGIN_REFUSED', `${this.settings.name} did not say who you are`);
      }
      const email =
        typeof user.email === 'string' && user.email
          ? user.email
          : await this.primaryEmail(tokens.access_token);
      const { firstName, lastName } = splitName(
        typeof user.name === 'string' && user.name
          ? user.name
          : typeof user.login === 'string'
            ? user.login
            : null,
      );
      return {
        subject: String(user.id),
        idToken: null,
        profile: { firstName, lastName, email, profileImageUrl: httpsUrlOrNull(user.avatar_url) },
      };
    } catch (error) {
      throw providerFailure(error, this.settings.name);
    }
  }

  /** GitHub has no RP-initiated logout: signing out of Frenly leaves GitHub alone. */
  async endSessionUrl(): Promise<URL | undefined> {
    return undefined;
  }

  /** The primary verified address, when the profile hides it (needs the user:email scope). */
  private async primaryEmail(accessToken: string): Promise<string | null> {
    const emails = await this.api<GithubEmail[]>('/user/emails', accessToken).catch(() => []);
    if (!Array.isArray(emails)) return null;
    const primary = emails.find(
      (e) => e.primary === true && e.verified === true && typeof e.email === 'string',
    );
    return (primary?.email as string | undefined) ?? null;
  }

  private async api<T>(path: string, accessToken: string): Promise<T> {
    const response = await fetch(`${this.settings.apiUrl}${path}`, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'Frenly',
      },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (response.status === 401 || response.status === 403) {
      throw new IdentityError(
        'LOGIN_REFUSED',
        `${this.settings.name} refused to share your profile`,
      );
    }
    if (!response.ok)
      throw new IdentityError(
        'PROVIDER_UNAVAILABLE',
        `${this.settings.name} answered ${response.status}; try again later`,
      );
    return (await response.json()) as T;
  }
}
