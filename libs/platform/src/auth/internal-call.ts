import {
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { IdentityTokens } from './identity-token.js';
import { IDENTITY_TOKENS } from './signed-in.guard.js';

/**
 * The header of a call from one service to another's internal route. Not the identity header:
 * the embedded runtime's edge replaces that one on every request, and no user may act here.
 */
export const INTERNAL_CALL_HEADER = 'x-frenly-internal';

const SERVICE_PREFIX = 'service:';

/** A short-lived token naming the calling service, signed with the shared identity secret. */
export function internalCallToken(tokens: IdentityTokens, service: string): string {
  return tokens.sign({
    userId: `${SERVICE_PREFIX}${service}`,
    firstName: null,
    lastName: null,
    email: null,
  });
}

/**
 * Lets through only another service's call (401 otherwise). Internal routes are also left out
 * of the gateway's route table, so no outside request is ever forwarded to them.
 */
@Injectable()
export class InternalCallGuard implements CanActivate {
  constructor(@Inject(IDENTITY_TOKENS) private readonly tokens: IdentityTokens) {}

  canActivate(context: ExecutionContext): boolean {
    const { headers } = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined> }>();
    const header = headers[INTERNAL_CALL_HEADER];
    const caller = this.tokens.verify(Array.isArray(header) ? header[0] : header);
    if (!caller?.userId.startsWith(SERVICE_PREFIX))
      throw new UnauthorizedException('Internal route: only Frenly services may call it');
    return true;
  }
}
