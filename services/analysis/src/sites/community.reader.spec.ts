import type { SiteCommunityResponse } from '@frenly/contracts';
import { fakeOf } from '@frenly/testing';
import { capturingLogger } from '../../test/unit/analysis.factories.js';
import { CommunityReader } from './community.reader.js';
import { LedgerCommunityUnavailable, type LedgerCommunity } from './ledger-community.js';

const SITE_ID = 42;
const FIGURES: SiteCommunityResponse = {
  siteId: SITE_ID,
  upvotes: 1,
  downvotes: 6,
  totalStaked: 150,
  supportTotal: 20,
  concernTotal: 130,
  recentStakes: [
    {
      id: 'stake-2',
      userId: 'u2',
      siteId: SITE_ID,
      amount: 130,
      type: 'concern',
      message: 'dark patterns',
      createdAt: '2026-11-27T12:01:00.000Z',
      domain: 'shop.example',
      url: 'https://shop.example/',
    },
  ],
};

function setup() {
  const ledger = fakeOf<LedgerCommunity>();
  ledger.forSites.mockResolvedValue({ sites: [FIGURES] });
  const { logger, lines } = capturingLogger();
  return { sut: new CommunityReader(ledger, logger), ledger, lines };
}

describe(CommunityReader.name, () => {
  describe('figuresOf', () => {
    it("answers the ledger's figures of the site now: totals and latest stakes, as the ledger gave them", async () => {
      const { sut, ledger } = setup();

      await expect(sut.figuresOf(SITE_ID)).resolves.toEqual({
        totals: {
          upvotes: 1,
          downvotes: 6,
          totalStaked: 150,
          supportTotal: 20,
          concernTotal: 130,
        },
        recentStakes: FIGURES.recentStakes,
      });
      expect(ledger.forSites).toHaveBeenCalledWith([SITE_ID]);
    });

    it('answers no votes and no stakes for a site the ledger does not know (it refuses both there)', async () => {
      const { sut, ledger } = setup();
      ledger.forSites.mockResolvedValue({ sites: [] });

      await expect(sut.figuresOf(SITE_ID)).resolves.toEqual({
        totals: { upvotes: 0, downvotes: 0, totalStaked: 0, supportTotal: 0, concernTotal: 0 },
        recentStakes: [],
      });
    });

    it('answers null (unknown, not zeros) and logs it when the ledger cannot be asked', async () => {
      const { sut, ledger, lines } = setup();
      ledger.forSites.mockRejectedValue(new LedgerCommunityUnavailable('unreachable'));

      await expect(sut.figuresOf(SITE_ID)).resolves.toBeNull();
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'community figures unknown: the ledger could not be asked',
          siteId: SITE_ID,
        }),
      );
    });
  });

  describe('totalsOf', () => {
    it("answers the totals trust weighs, from the ledger's figures", async () => {
      const { sut } = setup();

      await expect(sut.totalsOf(SITE_ID)).resolves.toEqual({
        upvotes: 1,
        downvotes: 6,
        totalStaked: 150,
        supportTotal: 20,
        concernTotal: 130,
      });
    });

    it('answers null, no community signal, when the ledger cannot be asked', async () => {
      const { sut, ledger } = setup();
      ledger.forSites.mockRejectedValue(new Error('boom'));

      await expect(sut.totalsOf(SITE_ID)).resolves.toBeNull();
    });
  });
});
