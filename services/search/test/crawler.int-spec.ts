import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Topics } from '@frenly/contracts';
import { waitFor } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import { CrawlErrorCode } from '../src/crawler/crawl-error.js';
import { CrawlRootRepository } from '../src/crawler/crawl-root.repository.js';
import { CrawlScheduler } from '../src/crawler/crawl.scheduler.js';
import { CrawlService, type CrawlOutcome } from '../src/crawler/crawl.service.js';
import type { CrawlReport } from '../src/crawler/site-crawler.js';
import { SearchService } from '../src/search/search.service.js';
import { startFixtureSite, type FixtureSite } from './fixture-site.js';
import { ManualClock, SearchContext } from './search-context.js';

const visitor = { ip: '::1' };

function reportOf(outcome: CrawlOutcome): CrawlReport {
  if (outcome.status !== 'done')
    throw new Error(
      `crawl failed: ${outcome.status === 'failed' ? outcome.error.message : 'deferred'}`,
    );
  return outcome.report;
}

describe('crawler against a fixture site on loopback', () => {
  let trap: Server;
  let trapHits = 0;
  let site: FixtureSite;
  let fresh: FixtureSite;
  let ctx: SearchContext;
  let crawls: CrawlService;
  const clock = new ManualClock();

  beforeAll(async () => {
    // A server the crawler must never reach: not on the allow-list, only linked through a redirect.
    trap = createServer((_req, res) => {
      trapHits += 1;
      res.end('secret');
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    site = await startFixtureSite({ forbiddenPort: (trap.address() as AddressInfo).port });
    fresh = await startFixtureSite({ forbiddenPort: 1, crawlDelaySeconds: 0.01 });
    ctx = await SearchContext.start({
      engine: 'PostgreSQL',
      clock: clock.read,
      settings: {
        crawl: {
          allowList: [`127.0.0.1:${site.port}`, `127.0.0.1:${fresh.port}`],
          defaultDelayMs: 5,
          maxDepth: 2,
          maxPages: 20,
          scheduleIntervalMs: 0,
        },
      },
    });
    crawls = ctx.app.get(CrawlService);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await site?.close();
    await fresh?.close();
    await new Promise((resolve) => trap?.close(resolve));
  });

  describe('one crawl of the site', () => {
    let report: CrawlReport;

    beforeAll(async () => {
      report = reportOf(await crawls.crawl(`${site.origin}/`));
    }, 60_000);

    const paths = (urls: readonly string[]) =>
      urls.map((url) => new URL(url).pathname + new URL(url).search);

    it('reads robots.txt first and never fetches what it disallows', () => {
      expect(site.requests[0]?.path).toBe('/robots.txt');
      expect(site.requests.some((request) => request.path.startsWith('/private/'))).toBe(false);
      expect(report.skipped).toEqual(
        expect.arrayContaining([
          { url: `${site.origin}/private/secret`, reason: 'disallowed by robots.txt' },
        ]),
      );
      expect(site.requests.every((request) => request.userAgent?.startsWith('FrenlyBot/'))).toBe(
        true,
      );
    });

    it('honours Crawl-delay between requests', () => {
      expect(report.delayMs).toBe(50);
      // Each request starts at least 50 ms after the previous one started (the default would be 5 ms).
      // Arrival times carry event-loop jitter, so the whole run is checked rather than each gap.
      const first = site.requests[0]?.at ?? 0;
      const last = site.requests[site.requests.length - 1]?.at ?? 0;
      expect(last - first).toBeGreaterThanOrEqual((site.requests.length - 1) * 50 - 20);
    });

    it('uses the sitemap: a page nothing links to is indexed', () => {
      expect(site.requests.map((request) => request.path)).toContain('/sitemap.xml');
      expect(paths(report.indexed)).toContain('/from-sitemap');
    });

    it('stops at the depth limit', () => {
      expect(paths(report.indexed)).toEqual(
        expect.arrayContaining(['/', '/about', '/level1', '/level2']),
      );
      expect(site.requests.map((request) => request.path)).not.toContain('/level3');
    });

    it('canonicalises duplicate URLs: one catalogue entry per page', async () => {
      const aboutFetches = site.requests.filter(
        (request) => request.path.startsWith('/about') && request.path !== '/about-copy',
      );
      expect(aboutFetches).toHaveLength(1);
      expect(report.skipped).toEqual(
        expect.arrayContaining([
          { url: `${site.origin}/about-copy`, reason: `duplicate of ${site.origin}/about` },
        ]),
      );
      const rows = await ctx.db.execute<{ url: string }>(
        sql`select url from search.sites where url like ${`${site.origin}/about%`}`,
      );
      expect(rows.rows.map((row) => row.url)).toEqual([`${site.origin}/about`]);
      expect(report.indexed).toHaveLength(new Set(report.indexed).size);
    });

    it('refuses a redirect to a forbidden address and skips what is not HTML or not on the site', () => {
      expect(report.skipped).toEqual(
        expect.arrayContaining([
          { url: `${site.origin}/redirect-hostile`, reason: 'BLOCKED_ADDRESS' },
          { url: `${site.origin}/paper.pdf`, reason: 'not html (application/pdf)' },
        ]),
      );
      expect(trapHits).toBe(0);
      expect(site.requests.map((request) => request.path)).not.toContain('/steal');
    });

    it('makes the pages searchable and announces the site (not its inner pages) with search.site-indexed', async () => {
      const found = await ctx.app
        .get(SearchService)
        .search({ q: 'quinoa harvest', page: 1, limit: 10 }, visitor);
      expect(found.results.map((result) => result.url)).toEqual([`${site.origin}/from-sitemap`]);
      expect(found.results[0]).toMatchObject({
        title: 'Only in the sitemap',
        frenlinessScore: null,
      });
      const announced = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from search.outbox where topic = ${Topics.SiteIndexed} and payload->>'url' like ${`${site.origin}/%`}`,
      );
      expect(report.indexed.length).toBeGreaterThan(1);
      expect(announced.rows[0]?.n).toBe(1);
      const home = await ctx.db.execute<{ language: string; description: string }>(
        sql`select language, description from search.sites where url = ${`${site.origin}/`}`,
      );
      expect(home.rows[0]).toEqual({
        language: 'en',
        description: 'The home page of a small test garden.',
      });
    });

    it('schedules a re-crawl, which refreshes without duplicating or re-announcing', async () => {
      const root = await ctx.app.get(CrawlRootRepository).get(`${site.origin}/`);
      expect(root).toMatchObject({
        status: 'done',
        pagesIndexed: report.indexed.length,
        lastError: null,
      });
      expect(root?.nextCrawlAt?.getTime()).toBe(clock.read().getTime() + 7 * 24 * 3_600_000);
      const before = await ctx.count('search.sites');
      const siteIndexed = async () =>
        (
          await ctx.db.execute<{ n: number }>(
            sql`select count(*)::int as n from search.outbox where topic = ${Topics.SiteIndexed}`,
          )
        ).rows[0]?.n;
      const announcedBefore = await siteIndexed();
      const scheduler = ctx.app.get(CrawlScheduler);
      expect(await scheduler.tick()).toBe(0);
      clock.advance(7 * 24 * 3_600_000 + 1000);
      const robotsFetches = () =>
        site.requests.filter((request) => request.path === '/robots.txt').length;
      expect(await scheduler.tick()).toBe(1);
      await waitFor(
        async () =>
          robotsFetches() === 2 &&
          (await ctx.app.get(CrawlRootRepository).get(`${site.origin}/`))?.status === 'done'
            ? true
            : undefined,
        30_000,
      );
      expect(await ctx.count('search.sites')).toBe(before);
      expect(await siteIndexed()).toBe(announcedBefore);
    }, 40_000);
  });

  describe('hostile and refused URLs', () => {
    it.each([
      [
        'a cloud metadata address',
        'http://169.254.169.254/latest/meta-data/',
        CrawlErrorCode.Refused,
      ],
      ['loopback not on the allow-list', 'http://127.0.0.1:1/', CrawlErrorCode.Refused],
      ['localhost by name', 'http://localhost:8080/', CrawlErrorCode.Refused],
      ['a private network address', 'http://10.0.0.1/', CrawlErrorCode.Refused],
      ['a file URL', 'file:///etc/passwd', CrawlErrorCode.InvalidUrl],
      ['a javascript URL', 'javascript:alert(1)', CrawlErrorCode.InvalidUrl],
    ])('refuses %s before connecting', async (_what, url, code) => {
      const outcome = await crawls
        .crawl(url)
        .catch((error: unknown) => ({ status: 'threw' as const, error }));
      if (code === CrawlErrorCode.InvalidUrl) {
        expect(outcome).toMatchObject({ status: 'threw' });
      } else {
        expect(outcome).toMatchObject({ status: 'failed', error: { code } });
      }
      expect(trapHits).toBe(0);
    });

    it('does not crawl a site whose robots.txt disallows the start page', async () => {
      const closed = await startFixtureSite({
        forbiddenPort: 1,
        robots: 'User-agent: *\nDisallow: /',
      });
      const local = await SearchContext.start({
        engine: 'PostgreSQL',
        settings: { crawl: { allowList: [`127.0.0.1:${closed.port}`], defaultDelayMs: 1 } },
      });
      try {
        const outcome = await local.app.get(CrawlService).crawl(`${closed.origin}/`);
        expect(outcome).toMatchObject({
          status: 'failed',
          error: { code: CrawlErrorCode.DisallowedByRobots },
        });
        expect(closed.requests.map((request) => request.path)).toEqual(['/robots.txt']);
      } finally {
        await local.close();
        await closed.close();
      }
    }, 60_000);
  });

  describe('POST /api/search/submit', () => {
    it('needs a signed-in user', async () => {
      await ctx.http().post('/api/search/submit').send({ url: site.origin }).expect(401);
    });

    it.each([
      ['a missing url', {}, 'url is required'],
      ['a url that is not a string', { url: 42 }, 'url must be a string'],
      ['a javascript url', { url: 'javascript:alert(1)' }, 'url must use http or https'],
      [
        'a url with credentials',
        { url: 'https://user:pw@example.org/' },
        'url must not contain a user name or password',
      ],
      ['localhost', { url: 'http://localhost/' }, 'url refused'],
      ['a private address', { url: 'http://192.168.1.1/' }, 'url refused'],
      [
        'a url of 10,000 characters',
        { url: `https://example.org/${'a'.repeat(10_000)}` },
        'url must be at most 2048 characters',
      ],
      [
        'an unknown field',
        { url: 'https://example.org/', depth: 9 },
        'property depth should not exist',
      ],
    ])('refuses %s with a 400 and a message', async (_what, body, message) => {
      const response = await ctx
        .http()
        .post('/api/search/submit')
        .set(ctx.signedIn())
        .send(body)
        .expect(400);
      expect([response.body.message].flat().join(' ')).toContain(message);
    });

    it('accepts a site with 202; it is crawled by a job and becomes searchable', async () => {
      const response = await ctx
        .http()
        .post('/api/search/submit')
        .set(ctx.signedIn('submitter'))
        .send({ url: `${fresh.origin}/#top` })
        .expect(202);
      expect(response.body).toEqual({ url: `${fresh.origin}/`, status: 'queued' });
      const roots = ctx.app.get(CrawlRootRepository);
      const root = await waitFor(
        async () => {
          const row = await roots.get(`${fresh.origin}/`);
          return row?.status === 'done' ? row : undefined;
        },
        30_000,
        50,
      );
      expect(root).toMatchObject({ submittedBy: 'submitter', pagesIndexed: 5 });
      const found = await ctx.app
        .get(SearchService)
        .search({ q: '"fixture garden"', page: 1, limit: 10 }, visitor);
      const fromFresh = found.results
        .map((hit) => hit.url)
        .filter((url) => url.startsWith(fresh.origin));
      expect(fromFresh.sort()).toEqual([`${fresh.origin}/`, `${fresh.origin}/about`]);
    }, 40_000);
  });
});
