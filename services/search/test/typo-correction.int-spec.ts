import { SearchService } from '../src/search/search.service.js';
import { insertSites, type FixtureSite } from './fixtures.js';
import { ENGINES, SearchContext } from './search-context.js';

// Typo correction (issue 16): an adjacent swap finds the word meant, short words and stop words
// are left alone, and the correction is shown only when it finds something.

const visitor = { ip: '198.51.100.17' };

const FIXTURES: FixtureSite[] = [
  {
    url: 'https://big-cats.example/',
    title: 'Jaguar facts',
    description: 'The jaguar is a big cat of the Americas.',
  },
  {
    url: 'https://nyc-boroughs.example/',
    title: 'The Bronx',
    description: 'A borough of New York City, home of the Yankees.',
  },
  {
    url: 'https://mission.example/',
    title: 'Mission control',
    description: 'How flight controllers keep control of a spacecraft.',
  },
  {
    url: 'https://pylists.example/',
    title: 'Python list tutorial',
    description: 'Lists in Python: append, slice and sort.',
  },
  {
    url: 'https://gardening.example/',
    title: 'Comprehensive gardening guide',
    description: 'Everything about soil and seeds.',
  },
  {
    url: 'https://offroad.example/',
    title: 'Off-road driving',
    description: 'Driving off the road, out in the wild.',
  },
];

describe.each(ENGINES)('typo correction on %s', (engine) => {
  let ctx: SearchContext;
  let sut: SearchService;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine });
    await insertSites(ctx.db, FIXTURES);
    sut = ctx.app.get(SearchService);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const search = (q: string) => sut.search({ q, page: 1, limit: 10 }, visitor);

  it('corrects an adjacent swap to the known word (pg_trgm similarity alone missed it)', async () => {
    const jaguar = await search('jagaur');
    expect(jaguar.correctedQuery).toBe('jaguar');
    expect(jaguar.results[0]?.domain).toBe('big-cats.example');
    const bronx = await search('brnox');
    expect(bronx.correctedQuery).toBe('bronx');
    expect(bronx.results[0]?.domain).toBe('nyc-boroughs.example');
  });

  it('leaves short words and stop words alone while correcting the rest', async () => {
    const response = await search('out of cotrol');
    expect(response.correctedQuery).toBe('out of control');
    expect(response.results[0]?.domain).toBe('mission.example');
  });

  it('keeps the query as typed when its correction finds no more pages with every word', async () => {
    // "comprehension" is unknown and close to "comprehensive"; neither query has a page with
    // every word, so the partial matches of the query as typed are shown, uncorrected.
    const response = await search('python list comprehension');
    expect(response.correctedQuery).toBeNull();
    expect(response.results[0]?.domain).toBe('pylists.example');
  });

  it('shows no correction when nothing is found', async () => {
    expect(await search('qwzxv')).toMatchObject({ results: [], total: 0, correctedQuery: null });
  });
});
