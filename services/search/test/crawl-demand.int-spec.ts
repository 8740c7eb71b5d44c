import { sql } from 'drizzle-orm';
import { DEFAULT_SEARCH_SETTINGS } from '../src/config/search.settings.js';
import { DEMANDED_AT, demandWouldChange } from '../src/crawler/crawl-demand.js';
import { CrawlRootRepository } from '../src/crawler/crawl-root.repository.js';
import { exactMatchText, parseWebQuery } from '../src/query/web-query.js';
import { SearchStatements } from '../src/search/search-statements.js';
import { SearchRepository } from '../src/search/search.repository.js';
import { indexOnlyTsquerySql, tsquerySql } from '../src/search/tsquery.sql.js';
import { pgliteDatabase, postgresDatabase, type DatabaseFixture } from './engines.js';
import { insertSites } from './fixtures.js';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const RETRY_MS = 60 * 60_000;
const LONG_AGO = new Date(NOW.getTime() - 2 * RETRY_MS);
const JUST_NOW = new Date(NOW.getTime() - 60_000);

describe.each([
  ['PostgreSQL', postgresDatabase],
  ['PGlite', pgliteDatabase],
] as const)('crawl demand on %s', (_engine, openFixture) => {
  let fixture: DatabaseFixture;
  let sut: CrawlRootRepository;

  beforeAll(async () => {
    fixture = await openFixture();
    sut = new CrawlRootRepository(fixture.handle.db);
  }, 60_000);

  afterAll(async () => {
    await fixture?.cleanup();
  });

  async function root(
    url: string,
    status: string,
    lastCrawledAt: Date | null,
    lastError: string | null,
  ): Promise<void> {
    await fixture.handle.db.execute(sql`
      insert into search.crawl_roots (url, host, status, last_crawled_at, last_error, next_crawl_at)
      values (${url}, ${new URL(url).host}, ${status}, ${lastCrawledAt?.toISOString() ?? null}::timestamptz,
        ${lastError}, ${NOW.toISOString()}::timestamptz)`);
  }

  async function nextCrawlOf(url: string): Promise<Date> {
    const result = await fixture.handle.db.execute<{ next_crawl_at: Date | string }>(
      sql`select next_crawl_at from search.crawl_roots where url = ${url}`,
    );
    return new Date(result.rows[0]!.next_crawl_at);
  }

  it('makes each shown root due first unless it is busy or just crawled, in one statement', async () => {
    await root('https://queued.example/', 'queued', null, null);
    await root('https://stale-failure.example/', 'failed', LONG_AGO, 'The site answered 503');
    await root('https://fresh-failure.example/', 'failed', JUST_NOW, 'The site answered 404');
    const urls = [
      'https://new.example/',
      'https://queued.example/',
      'https://stale-failure.example/',
      'https://fresh-failure.example/',
    ];

    await sut.demand(urls, NOW, RETRY_MS);

    const rows = await fixture.handle.db.execute<{
      url: string;
      status: string;
      last_error: string | null;
    }>(sql`select url, status, last_error from search.crawl_roots order by url`);
    // The new root is recorded, due; the others keep their status and error.
    expect(rows.rows).toEqual([
      {
        url: 'https://fresh-failure.example/',
        status: 'failed',
        last_error: 'The site answered 404',
      },
      { url: 'https://new.example/', status: 'done', last_error: null },
      { url: 'https://queued.example/', status: 'queued', last_error: null },
      {
        url: 'https://stale-failure.example/',
        status: 'failed',
        last_error: 'The site answered 503',
      },
    ]);

    // Demanded: the new root and the failure crawled long ago; left alone: the queued one and
    // the failure crawled a minute ago.
    expect(await nextCrawlOf('https://new.example/')).toEqual(DEMANDED_AT);
    expect(await nextCrawlOf('https://stale-failure.example/')).toEqual(DEMANDED_AT);
    expect(await nextCrawlOf('https://queued.example/')).toEqual(NOW);
    expect(await nextCrawlOf('https://fresh-failure.example/')).toEqual(NOW);
  });

  it('does not write a root demanded again, and writes nothing for no URL', async () => {
    const version = async () =>
      (
        await fixture.handle.db.execute<{ version: string }>(
          sql`select xmin::text as version from search.crawl_roots where url = 'https://new.example/'`,
        )
      ).rows[0]?.version;
    const before = await version();

    await sut.demand(['https://new.example/'], NOW, RETRY_MS);
    await sut.demand([], NOW, RETRY_MS);

    expect(await version()).toBe(before);
  });

  /** One search of `word` through search.ranked_page, as the search service sends it. */
  async function search(word: string) {
    const statements = new SearchStatements(fixture.handle.db, DEFAULT_SEARCH_SETTINGS);
    const repository = new SearchRepository(fixture.handle.db, statements);
    const query = parseWebQuery(word);
    try {
      return await repository.rankedPage({
        query: tsquerySql(query)!,
        indexOnlyQuery: indexOnlyTsquerySql(query)!,
        rechecks: false,
        unpredictable: false,
        exactText: exactMatchText(query),
        offset: 0,
        limit: 10,
        candidateLimit: 300,
        hasExclusions: false,
        bodyTierBelow: 100,
        bodyScanLimit: 2000,
        walkAboveShare: 0.02,
        siteDomain: '',
      });
    } finally {
      await statements.onApplicationShutdown();
    }
  }

  it("is read by a search beside each result: its site's root status, last error, schedule and last crawl", async () => {
    await insertSites(fixture.handle.db, [
      { url: 'https://stale-failure.example/', title: 'Bakery that failed', description: 'Bread' },
      { url: 'https://new.example/', title: 'Bakery just demanded', description: 'Bread' },
      { url: 'https://never.example/', title: 'Bakery never queued', description: 'Bread' },
    ]);

    const page = await search('bakery');

    const rootOf = new Map(page.hits.map((hit) => [hit.siteUrl, hit.crawlRoot]));
    expect(rootOf).toEqual(
      new Map([
        [
          'https://stale-failure.example/',
          {
            status: 'failed',
            lastError: 'The site answered 503',
            nextCrawlAt: DEMANDED_AT,
            lastCrawledAt: LONG_AGO,
          },
        ],
        [
          'https://new.example/',
          { status: 'done', lastError: null, nextCrawlAt: DEMANDED_AT, lastCrawledAt: null },
        ],
        ['https://never.example/', null],
      ]),
    );
  });

  it('writes exactly the roots that demandWouldChange says, read by a search, it would', async () => {
    const at = (url: string) => `https://${url}.example/`;
    const cases: [string, string | null, Date | null, Date | null][] = [
      ['pastry-never', null, null, null],
      ['pastry-demanded', 'done', DEMANDED_AT, null],
      ['pastry-scheduled', 'done', NOW, LONG_AGO],
      ['pastry-unscheduled', 'done', null, null],
      ['pastry-fresh', 'done', NOW, JUST_NOW],
      ['pastry-boundary', 'failed', NOW, new Date(NOW.getTime() - RETRY_MS)],
      ['pastry-stale-failure', 'failed', NOW, LONG_AGO],
      ['pastry-queued', 'queued', NOW, null],
      ['pastry-crawling', 'crawling', NOW, LONG_AGO],
    ];
    await insertSites(
      fixture.handle.db,
      cases.map(([name]) => ({ url: at(name), title: `Pastry ${name}`, description: 'Cakes' })),
    );
    for (const [name, status, nextCrawlAt, lastCrawledAt] of cases.filter((c) => c[1] !== null))
      await fixture.handle.db.execute(sql`
        insert into search.crawl_roots (url, host, status, last_crawled_at, next_crawl_at)
        values (${at(name)}, ${`${name}.example`}, ${status}, ${lastCrawledAt?.toISOString() ?? null}::timestamptz,
          ${nextCrawlAt?.toISOString() ?? null}::timestamptz)`);
    const versions = async () =>
      new Map(
        (
          await fixture.handle.db.execute<{ url: string; version: string }>(
            sql`select url, xmin::text as version from search.crawl_roots where url like 'https://pastry-%'`,
          )
        ).rows.map((row) => [row.url, row.version]),
      );

    const hits = (await search('pastry')).hits;
    expect(hits).toHaveLength(cases.length);
    const predicted = hits
      .filter((hit) => demandWouldChange(hit.crawlRoot, NOW, RETRY_MS))
      .map((hit) => hit.siteUrl);
    const before = await versions();
    await sut.demand(
      hits.map((hit) => hit.siteUrl),
      NOW,
      RETRY_MS,
    );
    const after = await versions();
    const written = [...after].filter(([url, version]) => before.get(url) !== version);

    expect(written.map(([url]) => url).sort()).toEqual([...predicted].sort());
    expect([...predicted].sort()).toEqual(
      ['pastry-never', 'pastry-scheduled', 'pastry-stale-failure', 'pastry-unscheduled'].map(at),
    );
  });
});

describe.each([
  ['PostgreSQL', postgresDatabase],
  ['PGlite', pgliteDatabase],
] as const)('admitting uncrawled catalogue sites on %s', (_engine, openFixture) => {
  let fixture: DatabaseFixture;

  beforeAll(async () => {
    fixture = await openFixture();
  }, 60_000);

  afterAll(async () => {
    await fixture?.cleanup();
  });

  it('admits the best-ranked sites never crawled nor analysed, each once', async () => {
    const db = fixture.handle.db;
    const site = (name: string, frenlinessScore?: number) => ({
      url: `https://${name}.example/`,
      title: name,
      frenlinessScore,
    });
    await insertSites(db, [
      site('low', 10),
      site('best-but-analysed', 99),
      site('high', 90),
      site('best-but-crawled', 98),
      site('middle', 50),
      site('already-a-root', 95),
    ]);
    await db.execute(
      sql`update search.sites set analyzed_at = ${NOW.toISOString()}::timestamptz where url = 'https://best-but-analysed.example/'`,
    );
    await db.execute(
      sql`update search.sites set crawled_at = ${NOW.toISOString()}::timestamptz where url = 'https://best-but-crawled.example/'`,
    );
    await db.execute(sql`insert into search.crawl_roots (url, host, status)
      values ('https://already-a-root.example/', 'already-a-root.example', 'done')`);
    const roots = new CrawlRootRepository(db);
    const admitted = async () =>
      (
        await db.execute<{ url: string }>(
          sql`select url from search.crawl_roots where next_crawl_at = ${NOW.toISOString()}::timestamptz order by id`,
        )
      ).rows.map((row) => new URL(row.url).hostname.replace('.example', ''));

    await expect(roots.admitUncrawled(NOW, 2)).resolves.toBe(2);
    expect(await admitted()).toEqual(['high', 'middle']);
    await expect(roots.admitUncrawled(NOW, 2)).resolves.toBe(1);
    await expect(roots.admitUncrawled(NOW, 2)).resolves.toBe(0);
    expect(await admitted()).toEqual(['high', 'middle', 'low']);
  });
});
