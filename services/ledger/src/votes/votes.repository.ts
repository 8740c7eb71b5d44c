import { Injectable } from '@nestjs/common';
import { votes } from '@frenly/db';
import type { VoteType } from '@frenly/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';

/** ledger.votes: a user's current vote per site (call under the site's lock). */
@Injectable()
export class VotesRepository {
  /** Stores the user's vote on the site; null removes it. */
  async set(tx: Executor, userId: string, siteId: number, vote: VoteType | null): Promise<void> {
    if (vote === null) {
      await tx.delete(votes).where(and(eq(votes.userId, userId), eq(votes.siteId, siteId)));
      return;
    }
    await tx
      .insert(votes)
      .values({ userId, siteId, type: vote })
      .onConflictDoUpdate({ target: [votes.userId, votes.siteId], set: { type: vote, castAt: sql`now()` } });
  }
}
