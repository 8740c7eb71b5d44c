import { randomBytes } from 'node:crypto';
import { IdentityTokens } from './identity-token.js';

/**
 * The identity signer/verifier of this process. Distributed services share the configured
 * secret; the embedded runtime, whose gateway and services live in one process, may use a
 * random one per start (identity tokens live seconds, sessions live in the database).
 */
export function identityTokensFor(config: {
  FRENLY_IDENTITY_SECRET?: string | undefined;
}): IdentityTokens {
  return new IdentityTokens(config.FRENLY_IDENTITY_SECRET ?? randomBytes(32));
}
