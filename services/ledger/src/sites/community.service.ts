import { Injectable } from '@nestjs/common';
import { SITE_RECENT_STAKES, type SiteCommunityResponse } from '@frenly/contracts';
import { LedgerError } from '../ledger.errors.js';
import { StakesRepository } from '../stakes/stakes.repository.js';
import { SiteStatsRepository } from './site-stats.repository.js';

/** The community's view of one site: votes, bamboo staked and the latest stakes. */
@Injectable()
export class CommunityService {
  constructor(
    private readonly stats: SiteStatsRepository,
    private readonly stakes: StakesRepository,
  ) {}

  async forSite(siteId: number): Promise<SiteCommunityResponse> {
    const [totals, recentStakes] = await Promise.all([
      this.stats.find(siteId),
      this.stakes.recentForSite(siteId, SITE_RECENT_STAKES),
    ]);
    if (!totals) throw LedgerError.siteNotFound(siteId);
    return {
      siteId,
      upvotes: totals.upvotes,
      downvotes: totals.downvotes,
      totalStaked: totals.supportTotal + totals.concernTotal,
      supportTotal: totals.supportTotal,
      concernTotal: totals.concernTotal,
      recentStakes,
    };
  }
}
