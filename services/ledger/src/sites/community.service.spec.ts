import { LedgerErrorCodes, SITE_RECENT_STAKES } from '@frenly/contracts';
import { fakeOf } from '@frenly/testing';
import { factory } from '../../test/unit/ledger.factories.js';
import { LedgerError } from '../ledger.errors.js';
import { StakesRepository } from '../stakes/stakes.repository.js';
import { CommunityService } from './community.service.js';
import { SiteStatsRepository } from './site-stats.repository.js';

function setup() {
  const stats = fakeOf<SiteStatsRepository>();
  const stakes = fakeOf<StakesRepository>();
  stakes.recentForSite.mockResolvedValue([]);
  return { sut: new CommunityService(stats, stakes), stats, stakes };
}

describe(CommunityService.name, () => {
  it('answers the counters, the total staked (support + concern) and the latest stakes', async () => {
    const { sut, stats, stakes } = setup();
    stats.find.mockResolvedValue(
      factory.siteTotals({ upvotes: 3, downvotes: 1, supportTotal: 50, concernTotal: 20 }),
    );

    await expect(sut.forSite(42)).resolves.toEqual({
      siteId: 42,
      upvotes: 3,
      downvotes: 1,
      totalStaked: 70,
      supportTotal: 50,
      concernTotal: 20,
      recentStakes: [],
    });
    expect(stakes.recentForSite).toHaveBeenCalledWith(42, SITE_RECENT_STAKES);
  });

  it('refuses a site without counters with 404', async () => {
    const { sut, stats } = setup();
    stats.find.mockResolvedValue(undefined);

    const error = await sut.forSite(99).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).code).toBe(LedgerErrorCodes.SiteNotFound);
  });
});
