import { sql } from 'drizzle-orm';
import { DEFAULT_SEARCH_SETTINGS } from '../src/config/search.settings.js';
import { SearchStatements } from '../src/search/search-statements.js';
import { SearchRepository } from '../src/search/search.repository.js';
import { SiteRepository } from '../src/sites/site.repository.js';
import { pgliteDatabase, postgresDatabase, type DatabaseFixture } from './engines.js';

describe.each([
  ['PostgreSQL', postgresDatabase],
  ['PGlite', pgliteDatabase],
] as const)('SiteRepository on %s', (_engine, openFixture) => {
  let fixture: DatabaseFixture;
  let sut: SiteRepository;
  let statements: SearchStatements;

  beforeAll(async () => {
    fixture = await openFixture();
    sut = new SiteRepository(fixture.handle.db);
    statements = new SearchStatements(fixture.handle.db, DEFAULT_SEARCH_SETTINGS);
  }, 60_000);

  afterAll(async () => {
    await statements?.onApplicationShutdown();
    await fixture?.cleanup();
  });

  it('inserts a new site with catalogue defaults', async () => {
    const site = await sut.upsertByUrl({
      url: 'https://www.wikipedia.org/',
      domain: 'wikipedia.org',
      title: 'Wikipedia',
    });
    expect(site).toMatchObject({
      url: 'https://www.wikipedia.org/',
      domain: 'wikipedia.org',
      title: 'Wikipedia',
      description: '',
      frenlinessScore: null,
      isVerified: false,
      upvotes: 0,
    });
    expect(site.id).toBeGreaterThan(0);
    expect(site.indexedAt).toBeInstanceOf(Date);
    expect(await sut.getById(site.id)).toEqual(site);
  });

  it('upserts by url: same id, refreshed fields, no duplicate', async () => {
    const first = await sut.upsertByUrl({
      url: 'https://example.org/a',
      domain: 'Example.org',
      title: 'Old title',
    });
    const again = await sut.upsertByUrl({
      url: 'https://example.org/a',
      domain: 'example.org',
      title: 'New title',
      description: 'Now with a description',
    });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({
      title: 'New title',
      description: 'Now with a description',
      domain: 'example.org',
    });
    expect(again.indexedAt.getTime()).toBeGreaterThanOrEqual(first.indexedAt.getTime());
    expect(await sut.findByDomain('example.org')).toHaveLength(1);
  });

  it('finds every page of a domain, oldest first, and nothing for unknown ids or domains', async () => {
    const b = await sut.upsertByUrl({
      url: 'https://example.org/b',
      domain: 'example.org',
      title: 'B',
    });
    await sut.upsertByUrl({
      url: 'https://other.example/',
      domain: 'other.example',
      title: 'Other',
    });
    const pages = await sut.findByDomain('EXAMPLE.org');
    expect(pages.map((p) => p.url)).toEqual(['https://example.org/a', 'https://example.org/b']);
    expect(pages[1]?.id).toBe(b.id);
    expect(await sut.findByDomain('nowhere.example')).toEqual([]);
    expect(await sut.getById(987_654)).toBeUndefined();
  });

  it('records crawled inner pages as pages of the root site; a site stays a site, a page stays a page', async () => {
    const page = (url: string, title: string) => ({
      url,
      domain: new URL(url).hostname,
      title,
      description: '',
      pageText: `${title} text`,
      language: 'en',
    });
    const crawl = (url: string, title: string, siteId: number | null) =>
      fixture.handle.db.transaction((tx) => sut.upsertCrawledPage(tx, page(url, title), siteId));
    const siteIdOf = async (url: string) =>
      (
        await fixture.handle.db.execute<{ site_id: number | null }>(
          sql`select site_id from search.sites where url = ${url}`,
        )
      ).rows[0]?.site_id;

    const home = await crawl('https://garden.example/', 'Garden', null);
    expect(home).toMatchObject({ isSite: true, announce: true, siteId: home.site.id });
    const inner = await crawl('https://garden.example/roses', 'Roses', home.site.id);
    expect(inner).toMatchObject({ isSite: false, announce: false, siteId: home.site.id });
    expect(Number(await siteIdOf('https://garden.example/roses'))).toBe(home.site.id);
    // The head row knows the page's site too (the result cap per site reads it).
    const head = await fixture.handle.db.execute<{ site_id: number | null }>(
      sql`select site_id from search.site_heads where id = ${inner.site.id}`,
    );
    expect(Number(head.rows[0]?.site_id)).toBe(home.site.id);

    // Another site's crawl reaching this homepage does not make it a page of that site.
    const other = await crawl('https://other.example/', 'Other', null);
    const reached = await crawl('https://garden.example/', 'Garden', other.site.id);
    expect(reached).toMatchObject({ isSite: true, announce: false, siteId: home.site.id });
    expect(await siteIdOf('https://garden.example/')).toBeNull();
    // A page crawled as a root stays its site's page: pages never hang off pages.
    const rootAgain = await crawl('https://garden.example/roses', 'Roses', null);
    expect(rootAgain).toMatchObject({ isSite: false, announce: false, siteId: home.site.id });
    // Deleting a site deletes its pages.
    await fixture.handle.db.execute(sql`delete from search.sites where id = ${home.site.id}`);
    expect(await siteIdOf('https://garden.example/roses')).toBeUndefined();
  });

  it('keeps a lexicon of catalogue words for typo correction, and rebuilds it after a bulk load', async () => {
    await sut.insertNew(
      fixture.handle.db,
      [
        {
          url: 'https://www.openstreetmap.org/',
          domain: 'openstreetmap.org',
          title: 'OpenStreetMap',
          description: 'The free wiki world map.',
          tags: ['maps'],
          language: 'en',
        },
      ],
      'seed',
    );
    // The words typo correction reads (SpellingService), with how many sites use each.
    const search = new SearchRepository(fixture.handle.db, statements);
    const known = (words: string[]) => search.lexiconSites(words);
    expect(await known(['openstreetmap', 'opnstreetmap', 'map'])).toEqual(
      new Map([
        ['openstreetmap', 1],
        ['map', 1],
      ]),
    );
    // A bulk load straight into the table (as a benchmark does) leaves the lexicon behind…
    await fixture.handle.db.execute(
      sql`insert into search.sites (url, domain, title) values ('https://www.gutenberg.org/', 'gutenberg.org', 'Project Gutenberg')`,
    );
    expect((await known(['gutenberg'])).has('gutenberg')).toBe(false);
    // …until it is rebuilt.
    await sut.rebuildLexicon();
    expect((await known(['gutenberg'])).get('gutenberg')).toBe(1);
    expect(await sut.lexiconIsEmpty()).toBe(false);
  });
});
