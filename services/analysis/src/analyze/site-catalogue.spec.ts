import { randomBytes } from 'node:crypto';
import { AnalysisErrorCodes, type SiteIndexedV1 } from '@frenly/contracts';
import { IdentityTokens } from '@frenly/platform';
import { capturingLogger, refusal } from '../../test/unit/analysis.factories.js';
import { serviceStandIns } from '../../test/unit/service-stand-in.js';
import { HttpSiteCatalogue } from './site-catalogue.js';

const SITE: SiteIndexedV1 = {
  siteId: 7,
  url: 'https://shop.example/',
  domain: 'shop.example',
  title: 'Shop',
  indexedAt: '2026-11-27T12:00:00.000Z',
};

describe(HttpSiteCatalogue.name, () => {
  const tokens = new IdentityTokens(randomBytes(32));
  /** Search's instances: each answers every request with one status and body. */
  const { standIn: searchStandIn, closedUrl } = serviceStandIns();

  function setup(urls: string[]) {
    const { logger, lines } = capturingLogger();
    return { sut: new HttpSiteCatalogue(urls, tokens, logger), lines };
  }

  it("asks search's internal route as the analysis service, and answers its site", async () => {
    const search = await searchStandIn(200, JSON.stringify(SITE));
    const { sut } = setup([search.url]);

    await expect(sut.siteOf({ url: SITE.url, title: 'Shop' })).resolves.toEqual(SITE);

    expect(search.seen).toHaveLength(1);
    expect(search.seen[0]).toMatchObject({
      path: '/internal/site-ids',
      body: { url: SITE.url, title: 'Shop' },
    });
    expect(tokens.verify(search.seen[0]!.token)?.userId).toBe('service:analysis');
  });

  it('hands over to the next instance when one cannot be reached', async () => {
    const search = await searchStandIn(200, JSON.stringify(SITE));
    const { sut } = setup([await closedUrl(), search.url]);

    await expect(sut.siteOf({ url: SITE.url, title: 'Shop' })).resolves.toEqual(SITE);
    await expect(sut.siteOf({ url: SITE.url, title: 'Shop' })).resolves.toEqual(SITE);
    expect(search.seen).toHaveLength(2);
  });

  it('answers 503 SITE_NOT_INDEXED and logs why when no instance can be reached', async () => {
    const { sut, lines } = setup([await closedUrl()]);

    const error = await refusal(sut.siteOf({ url: SITE.url, title: 'Shop' }));

    expect([error.code, error.httpStatus]).toEqual([AnalysisErrorCodes.SiteNotIndexed, 503]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'the search catalogue gave no site id',
        failure: expect.stringContaining('unreachable'),
      }),
    );
  });

  it.each([
    ['a refusal', 400, JSON.stringify({ message: 'url is required' })],
    ['a server error', 500, JSON.stringify({ message: 'boom' })],
    ['an answer without a site id', 200, JSON.stringify({ ...SITE, siteId: 0 })],
    ['an answer that is not JSON', 200, 'not json'],
  ])('answers 503 for %s, without trying another instance', async (_what, status, body) => {
    const bad = await searchStandIn(status, body);
    const good = await searchStandIn(200, JSON.stringify(SITE));
    const { sut, lines } = setup([bad.url, good.url]);

    const error = await refusal(sut.siteOf({ url: SITE.url, title: 'Shop' }));

    expect(error.code).toBe(AnalysisErrorCodes.SiteNotIndexed);
    expect(good.seen).toHaveLength(0);
    expect(lines).toContainEqual(
      expect.objectContaining({ failure: `${bad.url} answered ${status}` }),
    );
  });
});
