import { Inject, Injectable } from '@nestjs/common';
import { votes, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import type { VoteType } from '@frenly/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';

/** ledger.votes: a user's current vote per site (call under the site's lock). */
@Injectable()
export class VotesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores the user's vote on the site; null removes it. */
  async set(tx: Executor, userId: string, siteId: number, vote: VoteType | null): Promise<void> {
    if (vote === null) {
      await tx.delete(votes).where(and(eq(votes.userId, userId), eq(votes.siteId, siteId)));
      return;
    }
    await tx
      .insert(votes)
      .values({ userId, siteId, type: vote })
      .onConflictDoUpdate({
        target: [votes.userId, votes.siteId],
        set: { type: vote, castAt: sql`now()` },
      });
  }

  /** The user's votes on the given sites (sites without one are absent). */
  async mine(
    userId: string,
    siteIds: readonly number[],
  ): Promise<Array<{ siteId: number; type: VoteType }>> {
    if (siteIds.length === 0) return [];
    return this.db
      .select({ siteId: votes.siteId, type: votes.type })
      .from(votes)
      .where(and(eq(votes.userId, userId), inArray(votes.siteId, [...siteIds])));
  }
}
