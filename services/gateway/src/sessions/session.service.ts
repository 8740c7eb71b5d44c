import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JsonLogger, type Identity } from '@frenly/platform';
import {
  GATEWAY_CLOCK,
  GATEWAY_OPTIONS,
  type Clock,
  type GatewayOptions,
} from '../gateway.options.js';
import { SessionRepository, type SessionRow } from './session.repository.js';

/** The cookie that carries the session id (httpOnly, SameSite=Lax, Secure over https, path /). */
export const SESSION_COOKIE = 'frenly_session';

export interface StartedSession {
  /** The cookie value: 256 random bits, base64url. Only its hash is stored. */
  readonly token: string;
  readonly maxAgeSeconds: number;
}

export interface ActiveSession {
  readonly identity: Identity;
  readonly provider: string;
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/**
 * How long a looked-up session row is reused without asking PostgreSQL again: every proxied
 * request resolves the cookie, and this saves a query on nearly all of them under load.
 * Sign-out and a new sign-in through this instance drop the entry at once; through another
 * gateway instance, this instance may still accept the ended session for up to this long.
 */
const SESSION_CACHE_TTL_MS = 2_000;
const SESSION_CACHE_MAX = 20_000;

/** A session row as cached: its last use moves with the touches this instance writes. */
type CachedSessionRow = Omit<SessionRow, 'lastSeenAt'> & { lastSeenAt: Date };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Server-side sessions: a new random id at every sign-in, an idle expiry (from the last use)
 * and an absolute one (from sign-in). Expired rows are deleted when met and once an hour.
 */
@Injectable()
export class SessionService implements OnModuleInit, OnModuleDestroy {
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  /** last_seen_at is written at most this often per session: not one write per request. */
  private readonly touchEveryMs: number;
  private purgeTimer?: NodeJS.Timeout;
  private readonly log: JsonLogger;
  private readonly recent = new Map<string, { row: CachedSessionRow; cachedAt: number }>();

  constructor(
    private readonly repository: SessionRepository,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
    @Inject(GATEWAY_CLOCK) private readonly now: Clock,
    logger: JsonLogger,
  ) {
    this.idleMs = options.identity.session.idleSeconds * 1000;
    this.absoluteMs = options.identity.session.absoluteSeconds * 1000;
    this.touchEveryMs = Math.min(60_000, this.idleMs / 10);
    this.log = logger.forContext('SessionService');
  }

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => {
      this.purgeExpired().catch((error: unknown) =>
        this.log.exception('purging expired sessions failed', error),
      );
    }, PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  /** A new session for a user who just signed in; the browser's previous session (if any) ends. */
  async start(
    userId: string,
    provider: string,
    idToken: string | null,
    previousToken?: string,
  ): Promise<StartedSession> {
    if (previousToken && TOKEN_FORMAT.test(previousToken)) {
      this.recent.delete(hashToken(previousToken));
      await this.repository.delete(hashToken(previousToken));
    }
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.now();
    await this.repository.insert({
      idHash: hashToken(token),
      userId,
      provider,
      idToken,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + this.absoluteMs),
    });
    return { token, maxAgeSeconds: Math.floor(this.absoluteMs / 1000) };
  }

  /** Who the cookie belongs to, if the session is live; an expired session is deleted. */
  async resolve(token: string | undefined): Promise<ActiveSession | undefined> {
    if (!token || !TOKEN_FORMAT.test(token)) return undefined;
    const idHash = hashToken(token);
    const now = this.now().getTime();
    const row = await this.lookUp(idHash, now);
    if (!row) return undefined;
    if (now >= row.expiresAt.getTime() || now - row.lastSeenAt.getTime() >= this.idleMs) {
      this.recent.delete(idHash);
      await this.repository.delete(idHash);
      return undefined;
    }
    if (now - row.lastSeenAt.getTime() >= this.touchEveryMs) {
      await this.repository.touch(idHash, new Date(now));
      row.lastSeenAt = new Date(now);
    }
    return {
      identity: {
        userId: row.userId,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
      },
      provider: row.provider,
    };
  }

  /** Deletes the session; returns what RP-initiated logout needs. */
  async end(
    token: string | undefined,
  ): Promise<{ provider: string; idToken: string | null } | undefined> {
    if (!token || !TOKEN_FORMAT.test(token)) return undefined;
    this.recent.delete(hashToken(token));
    return this.repository.delete(hashToken(token));
  }

  /** The session row, from the short-lived cache when it is fresh (see SESSION_CACHE_TTL_MS). */
  private async lookUp(idHash: string, now: number): Promise<CachedSessionRow | undefined> {
    const cached = this.recent.get(idHash);
    if (cached && now - cached.cachedAt >= 0 && now - cached.cachedAt < SESSION_CACHE_TTL_MS)
      return cached.row;
    const found = await this.repository.findWithUser(idHash);
    if (!found) {
      this.recent.delete(idHash);
      return undefined;
    }
    const row: CachedSessionRow = { ...found };
    if (this.recent.size >= SESSION_CACHE_MAX) this.recent.clear();
    this.recent.set(idHash, { row, cachedAt: now });
    return row;
  }

  async purgeExpired(): Promise<number> {
    const now = this.now();
    return this.repository.deleteExpired(now, new Date(now.getTime() - this.idleMs));
  }
}
