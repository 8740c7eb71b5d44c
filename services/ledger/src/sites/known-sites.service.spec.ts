import { fakeOf } from '@frenly/testing';
import { fakeTx } from '../../test/unit/ledger.factories.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { KnownSitesRepository } from './known-sites.repository.js';
import { KnownSitesService, siteIndexedProblem } from './known-sites.service.js';
import { SiteStatsRepository } from './site-stats.repository.js';

const SITE = {
  siteId: 42,
  url: 'https://Example.org/',
  domain: 'Example.ORG',
  title: 'Example',
  indexedAt: '2026-01-02T03:04:05.000Z',
};

function setup() {
  const sites = fakeOf<KnownSitesRepository>();
  const stats = fakeOf<SiteStatsRepository>();
  const accounts = fakeOf<AccountsRepository>();
  return { sut: new KnownSitesService(sites, stats, accounts), sites, stats, accounts };
}

describe(KnownSitesService.name, () => {
  it('learns a site with a lower-cased domain, zeroed counters and a stake pool, in the caller’s transaction', async () => {
    const { sut, sites, stats, accounts } = setup();

    await sut.learn(fakeTx, SITE);

    expect(sites.upsert).toHaveBeenCalledWith(fakeTx, {
      siteId: 42,
      url: SITE.url,
      domain: 'example.org',
      title: 'Example',
      indexedAt: new Date(SITE.indexedAt),
    });
    expect(stats.create).toHaveBeenCalledWith(fakeTx, 42);
    expect(accounts.createSitePool).toHaveBeenCalledWith(fakeTx, 42);
  });

  it('remembers a known site but asks again about an unknown one', async () => {
    const { sut, sites } = setup();
    sites.exists.mockImplementation(async (siteId) => siteId === 42);

    expect(await sut.isKnown(42)).toBe(true);
    expect(await sut.isKnown(42)).toBe(true);
    expect(await sut.isKnown(7)).toBe(false);
    expect(await sut.isKnown(7)).toBe(false);

    expect(sites.exists.mock.calls).toEqual([[42], [7], [7]]);
  });

  it.each([
    [null, 'payload is not an object'],
    [{ ...SITE, siteId: 0 }, 'siteId must be a positive 32-bit integer'],
    [{ ...SITE, siteId: 2_147_483_648 }, 'siteId must be a positive 32-bit integer'],
    [{ ...SITE, domain: '' }, 'domain must be a non-empty string'],
    [{ ...SITE, indexedAt: 'yesterday' }, 'indexedAt must be an ISO timestamp'],
    [SITE, undefined],
  ])('siteIndexedProblem(%j) is %j', (payload, problem) => {
    expect(siteIndexedProblem(payload)).toBe(problem);
  });
});
