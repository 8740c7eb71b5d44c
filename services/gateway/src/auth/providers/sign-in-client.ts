/** What the app keeps of a person after a provider vouched for them. */
export interface ProviderProfile {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly profileImageUrl: string | null;
}

export interface ProviderLogin {
  /** The provider's stable id of the person. */
  readonly subject: string;
  readonly profile: ProviderProfile;
  /** OIDC only: kept for RP-initiated logout. */
  readonly idToken: string | null;
}

export interface AuthorizationRequest {
  readonly redirectUri: string;
  readonly state: string;
  readonly codeChallenge: string;
  /** OIDC only. */
  readonly nonce: string | undefined;
}

export interface CallbackChecks {
  readonly codeVerifier: string;
  readonly state: string;
  readonly nonce: string | undefined;
}

/** One configured sign-in provider (an OIDC issuer, GitHub), behind one interface. */
export interface SignInClient {
  readonly id: string;
  readonly name: string;
  /** OIDC providers bind the ID token to a nonce; plain OAuth ones have none. */
  readonly usesNonce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Validates the callback (state, PKCE, nonce, ID token), exchanges the code and reads the profile. */
  finish(callbackUrl: URL, checks: CallbackChecks): Promise<ProviderLogin>;
  /** The provider's logout URL (RP-initiated logout), when it has one. */
  endSessionUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<URL | undefined>;
}

/** "Ada Lovelace" → Ada / Lovelace; one word → first name only. */
export function splitName(name: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0]!, lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}
