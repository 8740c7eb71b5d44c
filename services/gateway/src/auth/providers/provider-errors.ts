import * as oidc from 'openid-client';
import { IdentityError } from '../identity.error.js';

/**
 * Turns what openid-client (or fetch) throws into an answer for the browser: the provider
 * refused or sent something invalid → 401; the provider could not be reached → 503.
 */
export function providerFailure(error: unknown, providerName: string): IdentityError {
  if (error instanceof IdentityError) return error;
  if (error instanceof oidc.ResponseBodyError && error.status >= 500)
    return unavailable(providerName);
  if (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  ) {
    return new IdentityError(
      'LOGIN_REFUSED',
      `${providerName} refused the sign-in (${(error as { error?: string }).error ?? 'error'})`,
    );
  }
  if (isNetworkFailure(error)) return unavailable(providerName);
  if (error instanceof oidc.ClientError) {
    return new IdentityError(
      'LOGIN_REFUSED',
      `The answer from ${providerName} could not be verified (${error.message})`,
    );
  }
  throw error;
}

function unavailable(providerName: string): IdentityError {
  return new IdentityError(
    'PROVIDER_UNAVAILABLE',
    `${providerName} cannot be reached; try again later`,
  );
}

function isNetworkFailure(error: unknown): boolean {
  for (
    let current = error as { name?: string; message?: string; cause?: unknown } | undefined,
      depth = 0;
    current && depth < 4;
    depth++
  ) {
    if (current.name === 'TimeoutError' || current.name === 'AbortError') return true;
    if (current instanceof TypeError && current.message === 'fetch failed') return true;
    if (current instanceof oidc.ClientError && current.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
      return true;
    current = current.cause as typeof current;
  }
  return false;
}
