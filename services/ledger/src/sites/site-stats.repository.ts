import { Inject, Injectable } from '@nestjs/common';
import { siteStats, votes, type Database } from '@frenly/db';
import type { VoteType } from '@frenly/contracts';
import { DATABASE } from '@frenly/platform';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';

export interface SiteTotals {
  readonly siteId: number;
  readonly upvotes: number;
  readonly downvotes: number;
  readonly supportTotal: number;
  readonly concernTotal: number;
  /** Grows by one with every stake or vote on the site. */
  readonly version: number;
}

export interface LockedSiteVote {
  readonly totals: SiteTotals;
  /** The user's current vote on the site, if any. */
  readonly current: VoteType | null;
}

const totalsColumns = {
  siteId: siteStats.siteId,
  upvotes: siteStats.upvotes,
  downvotes: siteStats.downvotes,
  supportTotal: siteStats.supportTotal,
  concernTotal: siteStats.concernTotal,
  version: siteStats.version,
};

/** ledger.site_stats: the per-site counters, each change made under the row's lock. */
@Injectable()
export class SiteStatsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the zeroed counters of a newly known site (nothing when they exist). */
  async create(tx: Executor, siteId: number): Promise<void> {
    await tx.insert(siteStats).values({ siteId }).onConflictDoNothing({ target: siteStats.siteId });
  }

  async find(siteId: number, executor: Executor = this.db): Promise<SiteTotals | undefined> {
    const [row] = await executor
      .select(totalsColumns)
      .from(siteStats)
      .where(eq(siteStats.siteId, siteId))
      .limit(1);
    return row;
  }

  /** The counters of those of `siteIds` the ledger knows (in no particular order). */
  async findMany(siteIds: readonly number[]): Promise<SiteTotals[]> {
    if (siteIds.length === 0) return [];
    return this.db
      .select(totalsColumns)
      .from(siteStats)
      .where(inArray(siteStats.siteId, [...siteIds]));
  }

  /**
   * Locks the site's counters, then reads the user's vote on it; every vote on the site waits
   * here for the previous one, so a vote and its counts always change together.
   *
   * Two statements on purpose: under READ COMMITTED a statement keeps the snapshot it started
   * with, and a `FOR UPDATE` that waited re-reads only the locked row. A vote read in the same
   * statement as the lock would be the one from before the wait, and its deltas wrong (issue 12:
   * one user's parallel votes moved the counts by 26). The second statement starts after the
   * lock is held, so it sees the vote the previous holder committed.
   */
  async lockForVote(
    tx: Executor,
    siteId: number,
    userId: string,
  ): Promise<LockedSiteVote | undefined> {
    const [totals] = await tx
      .select(totalsColumns)
      .from(siteStats)
      .where(eq(siteStats.siteId, siteId))
      .for('update');
    if (!totals) return undefined;
    const [vote] = await tx
      .select({ type: votes.type })
      .from(votes)
      .where(and(eq(votes.siteId, siteId), eq(votes.userId, userId)));
    return { totals, current: vote?.type ?? null };
  }

  /** Applies vote deltas to the locked counters. */
  async applyVote(
    tx: Executor,
    siteId: number,
    upDelta: number,
    downDelta: number,
  ): Promise<SiteTotals> {
    const [row] = await tx
      .update(siteStats)
      .set({
        upvotes: sql`${siteStats.upvotes} + ${upDelta}`,
        downvotes: sql`${siteStats.downvotes} + ${downDelta}`,
        version: sql`${siteStats.version} + 1`,
      })
      .where(eq(siteStats.siteId, siteId))
      .returning(totalsColumns);
    if (!row) throw new Error(`site_stats row of site ${siteId} vanished while locked`);
    return row;
  }
}
