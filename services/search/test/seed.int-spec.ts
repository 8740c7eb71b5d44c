import { Topics } from '@frenly/contracts';
import { sql } from 'drizzle-orm';
import { SearchService } from '../src/search/search.service.js';
import { seedCatalogue } from '../src/seed/seed-catalogue.js';
import { loadSeedCorpus } from '../src/seed/seed-corpus.js';
import { ENGINES, SearchContext } from './search-context.js';

const visitor = { ip: '198.51.100.1' };

describe('seed corpus', () => {
  it('has over 1,000 distinct sites with titles and descriptions, deduplicated by canonical url', async () => {
    const corpus = await loadSeedCorpus();
    expect(corpus.entries.length).toBeGreaterThanOrEqual(1000);
    expect(corpus.read).toBeGreaterThan(corpus.entries.length); // the two corpora overlap
    expect(new Set(corpus.entries.map((entry) => entry.url)).size).toBe(corpus.entries.length);
    for (const entry of corpus.entries) {
      expect(entry.url).toMatch(/^https?:\/\/[^/]+\//);
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(20);
    }
    expect((await loadSeedCorpus()).version).toBe(corpus.version);
  });
});

describe('seed load at start', () => {
  it('seeds an empty catalogue before the service answers', async () => {
    const ctx = await SearchContext.start({
      engine: 'PostgreSQL',
      settings: { seedOnStart: true },
    });
    try {
      const response = await ctx.http().get('/api/search').query({ q: 'wikipedia' }).expect(200);
      expect(response.body.results[0].domain).toBe('wikipedia.org');
      expect(await ctx.count('search.sites')).toBeGreaterThanOrEqual(1000);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

describe.each(ENGINES)('seed load on %s', (engine) => {
  let ctx: SearchContext;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('loads once, announces every site, and a second load changes nothing', async () => {
    const first = await seedCatalogue(ctx.db);
    expect(first.status).toBe('loaded');
    expect(first.inserted).toBeGreaterThanOrEqual(1000);
    const sites = await ctx.count('search.sites');
    expect(sites).toBe(first.inserted);
    const announced = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from search.outbox where topic = ${Topics.SiteIndexed}`,
    );
    expect(Number(announced.rows[0]?.n)).toBe(sites);
    process.stdout.write(`seed on ${engine}: ${first.inserted} sites in ${first.durationMs} ms\n`);

    const again = await seedCatalogue(ctx.db);
    expect(again).toMatchObject({ status: 'already-loaded', inserted: 0 });
    expect(await ctx.count('search.sites')).toBe(sites);
    expect(await ctx.count('search.outbox')).toBe(sites);
  }, 60_000);

  it('answers real queries on a fresh install', async () => {
    const sut = ctx.app.get(SearchService);
    const search = async (q: string) =>
      (await sut.search({ q, page: 1, limit: 10 }, visitor)).results.map((site) => site.domain);

    expect((await search('wikipedia'))[0]).toBe('wikipedia.org');
    expect((await search('python docs'))[0]).toBe('docs.python.org');
    const climate = await sut.search({ q: 'climate', page: 1, limit: 10 }, visitor);
    expect(climate.total).toBeGreaterThanOrEqual(10);
    expect(
      climate.results
        .slice(0, 5)
        .every((site) => /climate/i.test(`${site.title} ${site.description}`)),
    ).toBe(true);
    expect((await search('wikipeda'))[0]).toBe('wikipedia.org');
  });
});
