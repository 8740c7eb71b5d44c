import { Inject, Injectable } from '@nestjs/common';
import { sessions, users, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { eq, inArray, lt, or } from 'drizzle-orm';

export interface SessionRow {
  readonly userId: string;
  readonly provider: string;
  readonly idToken: string | null;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
}

export interface NewSession {
  readonly idHash: string;
  readonly userId: string;
  readonly provider: string;
  readonly idToken: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Far below PostgreSQL's 65,535 parameters per statement. */
const EXISTING_SLICE = 1_000;

@Injectable()
export class SessionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(session: NewSession): Promise<void> {
    await this.db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt });
  }

  /** The session and the few user fields every request's identity carries, in one query. */
  async findWithUser(idHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .select({
        userId: sessions.userId,
        provider: sessions.provider,
        idToken: sessions.idToken,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    return row;
  }

  async touch(idHash: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
  }

  /** Deletes and returns what logout needs (provider, ID token for RP-initiated logout). */
  async delete(idHash: string): Promise<{ provider: string; idToken: string | null } | undefined> {
    const [row] = await this.db
      .delete(sessions)
      .where(eq(sessions.idHash, idHash))
      .returning({ provider: sessions.provider, idToken: sessions.idToken });
    return row;
  }

  /** Which of these session ids still have a row (asked in slices: one parameter per id). */
  async existing(idHashes: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < idHashes.length; start += EXISTING_SLICE) {
      const rows = await this.db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .where(inArray(sessions.idHash, idHashes.slice(start, start + EXISTING_SLICE)));
      for (const row of rows) found.add(row.idHash);
    }
    return found;
  }

  /** Sessions past their absolute end or idle since `idleBefore`. */
  async deleteExpired(now: Date, idleBefore: Date): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
      .returning({ idHash: sessions.idHash });
    return removed.length;
  }
}
