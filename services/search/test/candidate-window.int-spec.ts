import { sql } from 'drizzle-orm';
import type { SearchSettingsOverrides } from '../src/config/search.settings.js';
import { SearchService } from '../src/search/search.service.js';
import { SearchIndexRepository } from '../src/sites/search-index.repository.js';
import { insertSites, type FixtureSite } from './fixtures.js';
import { ENGINES, SearchContext, type Engine } from './search-context.js';

const visitor = { ip: '203.0.113.9' };

/** `count` sites about something else, so that the words under test are on fewer of the heads. */
async function insertOtherSites(ctx: SearchContext, count: number): Promise<void> {
  await ctx.db.execute(sql`
    insert into search.sites (url, domain, title, description)
    select 'https://other-' || g || '.example/', 'other-' || g || '.example', 'Other site ' || g, 'Something else.'
    from generate_series(1, ${count}::int) g`);
}

/**
 * A search service on `engine` with these ranking settings, its catalogue filled by `fill`,
 * for the describe block it is called in; the getter answers once `beforeAll` has run.
 */
function searchWith(
  engine: Engine,
  ranking: SearchSettingsOverrides['ranking'],
  fill: (ctx: SearchContext) => Promise<void>,
): () => SearchService {
  let ctx: SearchContext | undefined;
  beforeAll(async () => {
    ctx = await SearchContext.start({ engine, settings: { ranking } });
    await fill(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });
  return () => ctx!.app.get(SearchService);
}

// 12 sites about tomatoes, friendlier as the number grows; the exact name match is the least friendly.
const FIXTURES: FixtureSite[] = [
  {
    url: 'https://tomato.example/',
    title: 'Tomato',
    description: 'Tomato seeds.',
    frenlinessScore: 5,
  },
  ...Array.from({ length: 12 }, (_, i) => ({
    url: `https://grow-${i}.example/`,
    title: `Growing tomato plants ${i}`,
    description: 'How to grow a tomato.',
    frenlinessScore: 40 + i * 5,
  })),
  {
    url: 'https://salad.example/',
    title: 'Salad ideas',
    description: 'Fresh salads.',
    pageText: 'Add a tomato from the garden.',
    frenlinessScore: 100,
  },
];

describe.each(ENGINES)('the candidate window on %s', (engine) => {
  const service = searchWith(engine, { candidateLimit: 5, bodyTierBelow: 3 }, async (ctx) => {
    await insertSites(ctx.db, FIXTURES);
  });

  it('ranks only the best-ranked title matches, keeps the exact match, and estimates the total', async () => {
    const response = await service().search({ q: 'tomato', page: 1, limit: 10 }, visitor);
    expect(response.results[0]?.domain).toBe('tomato.example');
    // Title/description matches fill the window (5): the friendliest of them, best first.
    expect(response.results.slice(1).map((site) => site.domain)).toEqual([
      'grow-11.example',
      'grow-10.example',
      'grow-9.example',
      'grow-8.example',
    ]);
    // Enough title/description matches: page text (the friendliest site only mentions tomatoes there) is not searched.
    expect(response.results.map((site) => site.domain)).not.toContain('salad.example');
    expect(response.totalIsEstimate).toBe(true);
    expect(response.total).toBeGreaterThanOrEqual(6);
  });

  it('pages no deeper than the window', async () => {
    const second = await service().search({ q: 'tomato', page: 2, limit: 5 }, visitor);
    expect(second.results.map((site) => site.domain)).toEqual([]);
    const partial = await service().search({ q: 'tomato', page: 2, limit: 4 }, visitor);
    expect(partial.results).toHaveLength(1);
  });

  it('falls back to the whole document when titles and descriptions match too few sites', async () => {
    const response = await service().search({ q: 'garden', page: 1, limit: 10 }, visitor);
    expect(response).toMatchObject({ total: 1, totalIsEstimate: false });
    expect(response.results[0]?.domain).toBe('salad.example');
  });
});

describe.each(ENGINES)('the candidate window over an index in rank order on %s', (engine) => {
  let ctx: SearchContext;
  // A window of two; page text searched below two head matches; a phrase rechecked on three sites at most.
  const service = searchWith(
    engine,
    { candidateLimit: 2, bodyTierBelow: 2, bodyScanLimit: 3 },
    async (started) => {
      ctx = started;
      await insertSites(
        ctx.db,
        Array.from({ length: 6 }, (_, i) => ({
          url: `https://page-${i}.example/`,
          title: `Marmalade page ${i}`,
          description: 'Nothing special.',
          pageText: 'A note on quince jam.',
          frenlinessScore: 50 + i,
        })),
      );
      // Two hundred other sites, so that these words are rare enough to be read through the index, not walked.
      await insertOtherSites(ctx, 200);
      // What a bulk load leaves: both index relations stored in static-rank order.
      const index = ctx.app.get(SearchIndexRepository);
      await index.suspend();
      await index.finish();
    },
  );

  const search = (q: string) => service().search({ q, page: 1, limit: 10 }, visitor);
  const domains = async (q: string) => (await search(q)).results.map((site) => site.domain);

  it('reads the first matches in table order, which are the best-ranked, and says the total is an estimate', async () => {
    const response = await search('marmalade');
    expect(response.results.map((site) => site.domain)).toEqual([
      'page-5.example',
      'page-4.example',
    ]);
    expect(response.totalIsEstimate).toBe(true);
    expect(await domains('quince')).toEqual(['page-5.example', 'page-4.example']);
  });

  it('rechecks a phrase on at most bodyScanLimit sites holding its words', async () => {
    const response = await search('"quince jam"');
    expect(response.results.map((site) => site.domain)).toEqual([
      'page-5.example',
      'page-4.example',
    ]);
    expect(response.totalIsEstimate).toBe(true);
  });

  it('also ranks the sites added since the index was ordered', async () => {
    await insertSites(ctx.db, [
      {
        url: 'https://page-new.example/',
        title: 'Marmalade fresh',
        description: 'Nothing special.',
        frenlinessScore: 99,
      },
    ]);
    expect(await domains('marmalade')).toEqual(['page-new.example', 'page-5.example']);
  });
});

// Partial matches found through the GIN index (its first matches in table order, then the rows
// added since the last ordering) and by walking the rank index (a common word: at 50 heads only
// with a tiny share, walkAboveShare, since the share scales with the square root of the heads).
const PARTIAL_PATHS = ENGINES.flatMap(
  (engine) =>
    [
      [engine, 'through the index', 0.02],
      [engine, 'walked', 0.0001],
    ] as const,
);

describe.each(PARTIAL_PATHS)(
  'partial matches of a common word on %s, %s',
  (engine, _path, walkAboveShare) => {
    // A window of two. Ten garden sites stored friendliest last (as sites indexed since the
    // last ordering are), beside forty others: "garden" is on a fifth of the heads.
    const service = searchWith(engine, { candidateLimit: 2, walkAboveShare }, async (ctx) => {
      await insertSites(
        ctx.db,
        Array.from({ length: 10 }, (_, i) => ({
          url: `https://garden-${i}.example/`,
          title: `Garden notes ${i}`,
          description: 'Beds and borders.',
          frenlinessScore: 10 + i * 10,
        })),
      );
      await insertOtherSites(ctx, 40);
      await ctx.db.execute(sql`analyze search.site_heads`);
    });

    it('are the best-ranked sites holding any of the words, not the first in table order', async () => {
      const response = await service().search(
        { q: 'garden quokkaish', page: 1, limit: 10 },
        visitor,
      );
      expect(response.results.map((site) => site.domain)).toEqual([
        'garden-9.example',
        'garden-8.example',
      ]);
    });
  },
);
