import { Injectable } from '@nestjs/common';
import {
  siteStakeTotals,
  SITE_RECENT_STAKES,
  type SiteCommunityResponse,
  type SitesCommunityResponse,
  type StakeDto,
} from '@frenly/contracts';
import { StakesRepository } from '../stakes/stakes.repository.js';
import { SiteStatsRepository, type SiteTotals } from './site-stats.repository.js';

/**
 * The community's view of a site: votes, bamboo staked and the latest stakes. The one home of
 * these figures: the analysis screen's sidebar reads them here (GET /api/sites/:id/community),
 * and the analysis service asks here too (POST /internal/community, or in process when embedded).
 */
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
    // A site the ledger has not learnt yet (its site-indexed event is still on its way, the moment
    // after an analysis added it) cannot have been voted or staked on: its figures are zero, which
    // is true, where a 404 would tell the analysis screen that the site does not exist. `pending`
    // says it is not open to votes and stakes yet.
    if (!totals) return { ...communityOf(noCommunityYet(siteId), recentStakes), pending: true };
    return communityOf(totals, recentStakes);
  }

  /**
   * The same figures for each of `siteIds` the ledger knows, in the order asked (each once); a
   * site it does not know is left out: nobody can have voted or staked on it yet.
   */
  async forSites(siteIds: readonly number[]): Promise<SitesCommunityResponse> {
    const distinct = [...new Set(siteIds)];
    const found = new Map(
      (await this.stats.findMany(distinct)).map((totals) => [totals.siteId, totals]),
    );
    const known = distinct.flatMap((siteId) => found.get(siteId) ?? []);
    // One indexed read per site (stakes_site_seq_idx); the request is bounded in size.
    const sites = await Promise.all(
      known.map(async (totals) =>
        communityOf(totals, await this.stakes.recentForSite(totals.siteId, SITE_RECENT_STAKES)),
      ),
    );
    return { sites };
  }
}

function noCommunityYet(siteId: number): SiteTotals {
  return { siteId, upvotes: 0, downvotes: 0, supportTotal: 0, concernTotal: 0, version: 0 };
}

function communityOf(totals: SiteTotals, recentStakes: StakeDto[]): SiteCommunityResponse {
  return {
    siteId: totals.siteId,
    upvotes: totals.upvotes,
    downvotes: totals.downvotes,
    ...siteStakeTotals(totals),
    recentStakes,
  };
}
