import { Inject, Injectable } from '@nestjs/common';
import {
  SITE_RECENT_STAKES,
  type CommunitySignals,
  type StakeDto,
  type StakePlacedV1,
  type VoteCastV1,
} from '@frenly/contracts';
import {
  analysisRecentStakes,
  analysisSiteCommunity,
  type Database,
  type Transaction,
} from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';

/** A site's community totals: what trust weighs (CommunitySignals) and all bamboo staked. */
export interface CommunityTotals extends CommunitySignals {
  readonly totalStaked: number;
}

/** analysis.site_community and analysis.recent_stakes: projections of ledger events. */
@Injectable()
export class CommunityRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps the stake (at most SITE_RECENT_STAKES per site) and the site's totals, if newer. */
  async applyStake(tx: Transaction, stake: StakePlacedV1): Promise<void> {
    await tx
      .insert(analysisRecentStakes)
      .values({
        stakeId: stake.stakeId,
        siteId: stake.siteId,
        userId: stake.userId,
        amount: stake.amount,
        type: stake.type,
        message: stake.message,
        createdAt: new Date(stake.createdAt),
      })
      .onConflictDoNothing();
    const keep = tx
      .select({ stakeId: analysisRecentStakes.stakeId })
      .from(analysisRecentStakes)
      .where(eq(analysisRecentStakes.siteId, stake.siteId))
      .orderBy(desc(analysisRecentStakes.createdAt), desc(analysisRecentStakes.stakeId))
      .limit(SITE_RECENT_STAKES);
    await tx
      .delete(analysisRecentStakes)
      .where(
        and(
          eq(analysisRecentStakes.siteId, stake.siteId),
          notInArray(analysisRecentStakes.stakeId, keep),
        ),
      );
    await tx
      .insert(analysisSiteCommunity)
      .values({
        siteId: stake.siteId,
        totalStaked: stake.totalStaked,
        supportTotal: stake.supportTotal,
        concernTotal: stake.concernTotal,
        stakesVersion: stake.siteVersion,
      })
      .onConflictDoUpdate({
        target: analysisSiteCommunity.siteId,
        set: {
          totalStaked: stake.totalStaked,
          supportTotal: stake.supportTotal,
          concernTotal: stake.concernTotal,
          stakesVersion: stake.siteVersion,
        },
        setWhere: sql`${analysisSiteCommunity.stakesVersion} < excluded.stakes_version`,
      });
  }

  async applyVote(tx: Transaction, vote: VoteCastV1): Promise<void> {
    await tx
      .insert(analysisSiteCommunity)
      .values({
        siteId: vote.siteId,
        upvotes: vote.upvotes,
        downvotes: vote.downvotes,
        votesVersion: vote.siteVersion,
      })
      .onConflictDoUpdate({
        target: analysisSiteCommunity.siteId,
        set: { upvotes: vote.upvotes, downvotes: vote.downvotes, votesVersion: vote.siteVersion },
        setWhere: sql`${analysisSiteCommunity.votesVersion} < excluded.votes_version`,
      });
  }

  async totalsOf(siteId: number): Promise<CommunityTotals | null> {
    const [row] = await this.db
      .select()
      .from(analysisSiteCommunity)
      .where(eq(analysisSiteCommunity.siteId, siteId))
      .limit(1);
    return row
      ? {
          upvotes: row.upvotes,
          downvotes: row.downvotes,
          totalStaked: row.totalStaked,
          supportTotal: row.supportTotal,
          concernTotal: row.concernTotal,
        }
      : null;
  }

  /** Newest first. */
  async recentStakes(siteId: number, domain: string): Promise<StakeDto[]> {
    const rows = await this.db
      .select()
      .from(analysisRecentStakes)
      .where(eq(analysisRecentStakes.siteId, siteId))
      .orderBy(desc(analysisRecentStakes.createdAt), desc(analysisRecentStakes.stakeId))
      .limit(SITE_RECENT_STAKES);
    return rows.map((row) => ({
      id: row.stakeId,
      userId: row.userId,
      siteId: row.siteId,
      amount: row.amount,
      type: row.type,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      domain,
    }));
  }
}
