import {
  createParamDecorator,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { IDENTITY_HEADER, IdentityTokens, type Identity } from './identity-token.js';

/** Injection token of the service's IdentityTokens (same secret as the gateway's). */
export const IDENTITY_TOKENS = Symbol('IDENTITY_TOKENS');

interface RequestWithIdentity {
  headers: Record<string, string | string[] | undefined>;
  identity?: Identity;
}

/** Refuses a request without a valid identity from the gateway (401), else attaches it. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(@Inject(IDENTITY_TOKENS) private readonly tokens: IdentityTokens) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    const header = request.headers[IDENTITY_HEADER];
    const identity = this.tokens.verify(Array.isArray(header) ? header[0] : header);
    if (!identity) throw new UnauthorizedException('Sign in required');
    request.identity = identity;
    return true;
  }
}

/** The identity attached by SignedInGuard; use only on guarded routes. */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Identity => {
    const identity = context.switchToHttp().getRequest<RequestWithIdentity>().identity;
    if (!identity) throw new UnauthorizedException('Sign in required');
    return identity;
  },
);
