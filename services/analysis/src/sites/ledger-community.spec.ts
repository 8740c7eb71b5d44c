import { randomBytes } from 'node:crypto';
import type { SitesCommunityResponse } from '@frenly/contracts';
import { IdentityTokens } from '@frenly/platform';
import { capturingLogger } from '../../test/unit/analysis.factories.js';
import { serviceStandIns } from '../../test/unit/service-stand-in.js';
import { HttpLedgerCommunity, LedgerCommunityUnavailable } from './ledger-community.js';

const ANSWER: SitesCommunityResponse = {
  sites: [
    {
      siteId: 7,
      upvotes: 3,
      downvotes: 1,
      totalStaked: 40,
      supportTotal: 30,
      concernTotal: 10,
      recentStakes: [
        {
          id: 'stake-1',
          userId: 'u1',
          siteId: 7,
          amount: 10,
          type: 'concern',
          message: null,
          createdAt: '2026-11-27T12:00:00.000Z',
          domain: 'shop.example',
          url: 'https://shop.example/',
        },
      ],
    },
  ],
};

describe(HttpLedgerCommunity.name, () => {
  const tokens = new IdentityTokens(randomBytes(32));
  /** The ledger's instances: each answers every request with one status and body. */
  const { standIn: ledgerStandIn, closedUrl } = serviceStandIns();

  function setup(urls: string[]) {
    const { logger, lines } = capturingLogger();
    return { sut: new HttpLedgerCommunity(urls, tokens, logger), lines };
  }

  it("asks the ledger's internal route as the analysis service, and answers its figures", async () => {
    const ledger = await ledgerStandIn(200, JSON.stringify(ANSWER));
    const { sut } = setup([ledger.url]);

    await expect(sut.forSites([7])).resolves.toEqual(ANSWER);

    expect(ledger.seen).toEqual([
      { path: '/internal/community', token: expect.any(String), body: { siteIds: [7] } },
    ]);
    expect(tokens.verify(ledger.seen[0]!.token)?.userId).toBe('service:analysis');
  });

  it('hands over to the next instance when one cannot be reached', async () => {
    const ledger = await ledgerStandIn(200, JSON.stringify(ANSWER));
    const { sut } = setup([await closedUrl(), ledger.url]);

    await expect(sut.forSites([7])).resolves.toEqual(ANSWER);
    await expect(sut.forSites([7])).resolves.toEqual(ANSWER);
    expect(ledger.seen).toHaveLength(2);
  });

  it('rejects with LedgerCommunityUnavailable, and logs why, when no instance can be reached', async () => {
    const { sut, lines } = setup([await closedUrl()]);

    await expect(sut.forSites([7])).rejects.toBeInstanceOf(LedgerCommunityUnavailable);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'the ledger gave no community figures',
        failure: expect.stringContaining('unreachable'),
      }),
    );
  });

  it.each([
    ['a refusal', 401, JSON.stringify({ message: 'Internal route' })],
    ['a server error', 500, JSON.stringify({ message: 'boom' })],
    ['figures that are not counts', 200, JSON.stringify({ sites: [{ siteId: 7, upvotes: -1 }] })],
    ['an answer without sites', 200, JSON.stringify({})],
    ['an answer that is not JSON', 200, 'not json'],
  ])(
    'rejects %s, without trying another instance: never invented figures',
    async (_what, status, body) => {
      const bad = await ledgerStandIn(status, body);
      const good = await ledgerStandIn(200, JSON.stringify(ANSWER));
      const { sut, lines } = setup([bad.url, good.url]);

      await expect(sut.forSites([7])).rejects.toBeInstanceOf(LedgerCommunityUnavailable);
      expect(good.seen).toHaveLength(0);
      expect(lines).toContainEqual(
        expect.objectContaining({ failure: `${bad.url} answered ${status}` }),
      );
    },
  );
});
