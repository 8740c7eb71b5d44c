import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who is acting: what the gateway vouches for after resolving the session cookie. */
export interface Identity {
  readonly userId: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
}

/**
 * The header that carries a signed identity from the gateway to the services. The gateway
 * removes any incoming copy before setting its own, so only the gateway can vouch for a user.
 */
export const IDENTITY_HEADER = 'x-frenly-identity';

interface TokenBody extends Identity {
  /** Expiry, epoch seconds. */
  readonly exp: number;
}

/**
 * Short-lived HMAC-SHA256 identity tokens (`base64url(body).base64url(mac)`): the gateway signs,
 * every service verifies with the same secret, and a service reached directly without a valid
 * token refuses the request.
 */
export class IdentityTokens {
  private readonly key: Buffer;

  constructor(
    secret: string | Buffer,
    private readonly ttlSeconds = 60,
    private readonly now: () => number = Date.now,
  ) {
    this.key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
    if (this.key.length < 32) throw new Error('The identity secret must be at least 32 bytes');
  }

  sign(identity: Identity): string {
    const body: TokenBody = {
      userId: identity.userId,
      firstName: identity.firstName,
      lastName: identity.lastName,
      email: identity.email,
      exp: Math.floor(this.now() / 1000) + this.ttlSeconds,
    };
    const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${encoded}.${this.mac(encoded)}`;
  }

  /** The identity in a valid, unexpired token; null for anything else. Never throws. */
  verify(token: string | undefined | null): Identity | null {
    if (!token || token.length > 4096) return null;
    const [encoded, mac, extra] = token.split('.');
    if (!encoded || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(encoded));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let body: Partial<TokenBody>;
    try {
      body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<TokenBody>;
    } catch {
      return null;
    }
    if (typeof body.userId !== 'string' || typeof body.exp !== 'number') return null;
    if (body.exp < Math.floor(this.now() / 1000)) return null;
    return {
      userId: body.userId,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      email: body.email ?? null,
    };
  }

  private mac(encoded: string): string {
    return createHmac('sha256', this.key).update(encoded).digest('base64url');
  }
}
