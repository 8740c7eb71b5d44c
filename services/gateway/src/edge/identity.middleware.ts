import type { IncomingMessage } from 'node:http';
import {
  IDENTITY_HEADER,
  type HttpMiddleware,
  type IdentityTokens,
  type JsonLogger,
} from '@frenly/platform';
import { readCookie } from '../sessions/cookies.js';
import { SESSION_COOKIE, type SessionService } from '../sessions/session.service.js';
import { canonicalPath } from './canonical-path.js';
import { writeError } from './write-error.js';

/** The user each signed-in request acts for, for the edge's own later steps (rate limits). */
const signedInUsers = new WeakMap<IncomingMessage, string>();

/** The id of the user this request's session belongs to; undefined when signed out. */
export function signedInUserOf(req: IncomingMessage): string | undefined {
  return signedInUsers.get(req);
}

/** Paths whose handlers may care who is asking (the API, sign-in routes, websockets). */
const NEEDS_IDENTITY = /^\/(api|auth|ws)(\/|$)/;

/**
 * Removes whatever identity header the client sent (only the gateway vouches for users) and,
 * when the session cookie belongs to a live session, sets `x-frenly-identity` to a short-lived
 * signed token that services verify with SignedInGuard.
 */
export async function attachIdentity(
  req: IncomingMessage,
  sessions: SessionService,
  tokens: IdentityTokens,
): Promise<void> {
  delete req.headers[IDENTITY_HEADER];
  const token = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!token) return;
  const session = await sessions.resolve(token);
  if (!session) return;
  req.headers[IDENTITY_HEADER] = tokens.sign(session.identity);
  signedInUsers.set(req, session.identity.userId);
}

/**
 * attachIdentity for every request, before any route or proxy. Signed-out requests go on
 * without the header (guarded routes answer 401); a failing session store answers 503.
 */
export function identityMiddleware(
  sessions: SessionService,
  tokens: IdentityTokens,
  logger: JsonLogger,
): HttpMiddleware {
  const log = logger.forContext('identity');
  return (req, res, next) => {
    if (!NEEDS_IDENTITY.test(canonicalPath(req.url))) {
      delete req.headers[IDENTITY_HEADER];
      return next();
    }
    attachIdentity(req, sessions, tokens).then(
      () => next(),
      (error: unknown) => {
        log.exception('session lookup failed', error);
        writeError(
          req,
          res,
          503,
          'Sessions are unavailable; try again shortly',
          'SESSIONS_UNAVAILABLE',
        );
      },
    );
  };
}
