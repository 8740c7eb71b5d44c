import { Inject, Injectable } from '@nestjs/common';
import { knownSites, stakes, type Database } from '@frenly/db';
import type { StakeDto } from '@frenly/contracts';
import { DATABASE } from '@frenly/platform';
import { desc, eq } from 'drizzle-orm';

const stakeColumns = {
  id: stakes.id,
  userId: stakes.userId,
  siteId: stakes.siteId,
  amount: stakes.amount,
  type: stakes.type,
  message: stakes.message,
  createdAt: stakes.createdAt,
  domain: knownSites.domain,
  url: knownSites.url,
};

type StakeRow = Omit<StakeDto, 'createdAt' | 'domain' | 'url'> & {
  createdAt: Date;
  domain: string;
  url: string;
};

/** ledger.stakes: the stakes people placed, each booked by one journal transaction. */
@Injectable()
export class StakesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The user's stakes, newest first, with each site's domain and address. */
  async listByUser(userId: string, limit: number): Promise<StakeDto[]> {
    const rows = await this.db
      .select(stakeColumns)
      .from(stakes)
      .innerJoin(knownSites, eq(knownSites.siteId, stakes.siteId))
      .where(eq(stakes.userId, userId))
      .orderBy(desc(stakes.seq))
      .limit(limit);
    return rows.map(toStakeDto);
  }

  /** The site's latest stakes, newest first. */
  async recentForSite(siteId: number, limit: number): Promise<StakeDto[]> {
    const rows = await this.db
      .select(stakeColumns)
      .from(stakes)
      .innerJoin(knownSites, eq(knownSites.siteId, stakes.siteId))
      .where(eq(stakes.siteId, siteId))
      .orderBy(desc(stakes.seq))
      .limit(limit);
    return rows.map(toStakeDto);
  }
}

function toStakeDto(row: StakeRow): StakeDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
