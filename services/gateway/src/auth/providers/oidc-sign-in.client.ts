import * as oidc from 'openid-client';
import type { OidcProviderSettings } from '../../config/identity-settings.js';
import { providerFailure } from './provider-errors.js';
import {
  splitName,
  type AuthorizationRequest,
  type CallbackChecks,
  type ProviderLogin,
  type SignInClient,
} from './sign-in-client.js';

const HTTP_TIMEOUT_SECONDS = 10;

/**
 * Any OpenID Connect issuer, found by discovery at the first sign-in (and again after a failed
 * discovery). Authorization code + PKCE (S256) + state + nonce; the profile comes from the
 * ID token and, when the issuer has one, the userinfo endpoint.
 */
export class OidcSignInClient implements SignInClient {
  readonly usesNonce = true;
  private configuration?: Promise<oidc.Configuration>;

  constructor(private readonly settings: OidcProviderSettings) {}

  get id(): string {
    return this.settings.id;
  }

  get name(): string {
    return this.settings.name;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
    const config = await this.discovered();
    const parameters: Record<string, string> = {
      redirect_uri: request.redirectUri,
      scope: this.settings.scopes,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      state: request.state,
    };
    if (request.nonce) parameters.nonce = request.nonce;
    return oidc.buildAuthorizationUrl(config, parameters);
  }

  async finish(callbackUrl: URL, checks: CallbackChecks): Promise<ProviderLogin> {
    const config = await this.discovered();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new oidc.ClientError('no ID token');
      let info: Record<string, unknown> = { ...claims };
      if (config.serverMetadata().userinfo_endpoint) {
        info = { ...info, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      }
      const fromName = splitName(stringOrNull(info.name));
      return {
        subject: claims.sub,
        idToken: tokens.id_token ?? null,
        profile: {
          firstName: stringOrNull(info.given_name) ?? fromName.firstName,
          lastName:
            stringOrNull(info.family_name) ??
            (stringOrNull(info.given_name) ? null : fromName.lastName),
          email: stringOrNull(info.email),
          profileImageUrl: httpsUrlOrNull(info.picture),
        },
      };
    } catch (error) {
      throw providerFailure(error, this.settings.name);
    }
  }

  async endSessionUrl(
    idToken: string | null,
    postLogoutRedirectUri: string,
  ): Promise<URL | undefined> {
    const config = await this.discovered().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return undefined;
    const parameters: Record<string, string> = {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.settings.clientId,
    };
    if (idToken) parameters.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, parameters);
  }

  private discovered(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined; // try again at the next sign-in
      throw providerFailure(error, this.settings.name);
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, tokenEndpointAuthMethod } = this.settings;
    const authentication =
      tokenEndpointAuthMethod === 'none'
        ? oidc.None()
        : tokenEndpointAuthMethod === 'client_secret_post'
          ? oidc.ClientSecretPost(clientSecret)
          : oidc.ClientSecretBasic(clientSecret);
    const insecure = new URL(issuer).protocol === 'http:';
    return oidc.discovery(new URL(issuer), clientId, clientSecret, authentication, {
      timeout: HTTP_TIMEOUT_SECONDS,
      // Plain http only for development and loopback issuers (checked at boot in production).
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Profile pictures are shown by the browser: only https (or http in development) URLs. */
export function httpsUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
