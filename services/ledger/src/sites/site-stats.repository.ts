import { Inject, Injectable } from '@nestjs/common';
import { siteStats, type Database } from '@frenly/db';
import type { VoteType } from '@frenly/contracts';
import { DATABASE } from '@frenly/platform';
import { eq, sql } from 'drizzle-orm';
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
    const [row] = await executor.select(totalsColumns).from(siteStats).where(eq(siteStats.siteId, siteId)).limit(1);
    return row;
  }

  /**
   * Locks the site's counters and reads the user's vote on it; every vote on the site waits
   * here for the previous one, so a vote and its counts always change together.
   */
  async lockForVote(tx: Executor, siteId: number, userId: string): Promise<LockedSiteVote | undefined> {
    // Raw SQL with aliases: drizzle renders select-list columns unqualified, which would make a
    // correlated subquery compare votes.site_id with itself. The scalar subquery keeps FOR UPDATE on s only.
    const { rows } = await tx.execute(sql`
      select s.site_id, s.upvotes, s.downvotes, s.support_total, s.concern_total, s.version,
             (select v.type from ledger.votes v where v.site_id = s.site_id and v.user_id = ${userId}::text) as current
      from ledger.site_stats s
      where s.site_id = ${siteId}::int
      for update of s`);
    const row = rows[0];
    if (!row) return undefined;
    return {
      totals: {
        siteId: Number(row.site_id),
        upvotes: Number(row.upvotes),
        downvotes: Number(row.downvotes),
        supportTotal: Number(row.support_total),
        concernTotal: Number(row.concern_total),
        version: Number(row.version),
      },
      current: (row.current as VoteType | null) ?? null,
    };
  }

  /** Applies vote deltas to the locked counters. */
  async applyVote(tx: Executor, siteId: number, upDelta: number, downDelta: number): Promise<SiteTotals> {
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
