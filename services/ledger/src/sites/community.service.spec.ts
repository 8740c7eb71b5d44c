import { SITE_RECENT_STAKES } from '@frenly/contracts';
import { fakeOf } from '@frenly/testing';
import { factory } from '../../test/unit/ledger.factories.js';
import { StakesRepository } from '../stakes/stakes.repository.js';
import { CommunityService } from './community.service.js';
import { SiteStatsRepository } from './site-stats.repository.js';

function setup() {
  const stats = fakeOf<SiteStatsRepository>();
  const stakes = fakeOf<StakesRepository>();
  stakes.recentForSite.mockResolvedValue([]);
  stats.findMany.mockResolvedValue([]);
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

  it('answers zero figures for a site it has not learnt yet, marked pending: nobody can have voted or staked on it', async () => {
    const { sut, stats } = setup();
    stats.find.mockResolvedValue(undefined);

    await expect(sut.forSite(99)).resolves.toEqual({
      siteId: 99,
      upvotes: 0,
      downvotes: 0,
      totalStaked: 0,
      supportTotal: 0,
      concernTotal: 0,
      recentStakes: [],
      pending: true,
    });
  });

  describe('forSites', () => {
    const stakeOn = (siteId: number, id: string) => ({
      id,
      userId: 'u1',
      siteId,
      amount: 10,
      type: 'support' as const,
      message: null,
      createdAt: '2026-11-27T12:00:00.000Z',
      domain: `site-${siteId}.example`,
      url: `https://site-${siteId}.example/`,
    });

    it("answers each known site's figures, once each, in the order asked, as forSite does", async () => {
      const { sut, stats, stakes } = setup();
      stats.findMany.mockResolvedValue([
        factory.siteTotals({ siteId: 8, upvotes: 1, supportTotal: 5, concernTotal: 0 }),
        factory.siteTotals({ siteId: 7, downvotes: 2, supportTotal: 0, concernTotal: 40 }),
      ]);
      stakes.recentForSite.mockImplementation(async (siteId) => [stakeOn(siteId, `s${siteId}`)]);

      const answer = await sut.forSites([7, 8, 7]);

      expect(stats.findMany).toHaveBeenCalledWith([7, 8]);
      expect(answer.sites.map((site) => site.siteId)).toEqual([7, 8]);
      expect(answer.sites[0]).toMatchObject({
        siteId: 7,
        downvotes: 2,
        totalStaked: 40,
        supportTotal: 0,
        concernTotal: 40,
        recentStakes: [stakeOn(7, 's7')],
      });
      expect(stakes.recentForSite).toHaveBeenCalledWith(7, SITE_RECENT_STAKES);
      expect(stakes.recentForSite).toHaveBeenCalledTimes(2);
    });

    it('leaves out a site the ledger does not know (no 404: the others still answer)', async () => {
      const { sut, stats, stakes } = setup();
      stats.findMany.mockResolvedValue([factory.siteTotals({ siteId: 8 })]);

      const answer = await sut.forSites([99, 8]);

      expect(answer.sites.map((site) => site.siteId)).toEqual([8]);
      expect(stakes.recentForSite).not.toHaveBeenCalledWith(99, expect.anything());
    });
  });
});
