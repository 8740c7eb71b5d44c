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
  /**
   * Tokens are per second (`exp` in whole seconds), so the gateway signs each user's token once
   * a second, not once a request; and a service checks each token's MAC once, then only its
   * expiry. Both were a few per cent of the CPU of every proxied request. Bounded; a full map is
   * simply cleared.
   */
  private readonly signed = new Map<string, { exp: number; token: string }>();
  private readonly verified = new Map<string, { exp: number; identity: Identity }>();

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
    const json = JSON.stringify(body);
    const memo = this.signed.get(json);
    if (memo?.exp === body.exp) return memo.token;
    const encoded = Buffer.from(json).toString('base64url');
    const token = `${encoded}.${this.mac(encoded)}`;
    remember(this.signed, json, { exp: body.exp, token });
    return token;
  }

  /** The identity in a valid, unexpired token; null for anything else. Never throws. */
  verify(token: string | undefined | null): Identity | null {
    if (!token || token.length > 4096) return null;
    const memo = this.verified.get(token);
    if (memo) return memo.exp < Math.floor(this.now() / 1000) ? null : memo.identity;
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
    const identity: Identity = {
      userId: body.userId,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      email: body.email ?? null,
    };
    remember(this.verified, token, { exp: body.exp, identity });
    return identity;
  }

  private mac(encoded: string): string {
    return createHmac('sha256', this.key).update(encoded).digest('base64url');
  }
}

/** Enough for every user active within a second or two on one instance. */
const MEMO_MAX = 10_000;

function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, value);
}
