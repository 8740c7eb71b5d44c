import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JsonLogger, type Identity } from '@frenly/platform';
import {
  GATEWAY_CLOCK,
  GATEWAY_OPTIONS,
  type Clock,
  type GatewayOptions,
} from '../gateway.options.js';
import { SessionRepository } from './session.repository.js';

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
    if (previousToken && TOKEN_FORMAT.test(previousToken))
      await this.repository.delete(hashToken(previousToken));
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
    const row = await this.repository.findWithUser(idHash);
    if (!row) return undefined;
    const now = this.now().getTime();
    if (now >= row.expiresAt.getTime() || now - row.lastSeenAt.getTime() >= this.idleMs) {
      await this.repository.delete(idHash);
      return undefined;
    }
    if (now - row.lastSeenAt.getTime() >= this.touchEveryMs)
      await this.repository.touch(idHash, new Date(now));
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
    return this.repository.delete(hashToken(token));
  }

  async purgeExpired(): Promise<number> {
    const now = this.now();
    return this.repository.deleteExpired(now, new Date(now.getTime() - this.idleMs));
  }
}
