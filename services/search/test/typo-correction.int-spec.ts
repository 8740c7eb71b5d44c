import type { SearchResponse } from '@frenly/contracts';
import { insertSites, type FixtureSite } from './fixtures.js';
import { ENGINES, SearchContext } from './search-context.js';

// Typo correction (issue 16), through GET /api/search: the whole query is corrected as a unit
// against the index's vocabulary (the combination of candidate spellings that matches best),
// short words and stop words are left alone, phrases, exclusions and OR keep their meaning, and
// "Showing results for" (correctedQuery) appears only when the correction finds results.

const FIXTURES: FixtureSite[] = [
  {
    url: 'https://big-cats.example/',
    title: 'Jaguar facts',
    description: 'The jaguar is a big cat of the Americas.',
  },
  {
    url: 'https://jag-club.example/',
    title: 'Jag owners club',
    description: 'Jag meets and parts.',
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
  // "cral": "crab" is used more than "coral", but only "coral" goes with "sea".
  {
    url: 'https://coral-sea-1942.example/',
    title: 'Battle of the Coral Sea',
    description: 'Carrier battle of May 1942.',
  },
  {
    url: 'https://coral-islands.example/',
    title: 'Coral Sea Islands',
    description: 'An Australian territory of reefs and islands.',
  },
  {
    url: 'https://crab-recipes.example/',
    title: 'Crab recipes',
    description: 'Crab cakes and chilli crab.',
  },
  {
    url: 'https://king-crab.example/',
    title: 'King crab fishing',
    description: 'Boats and pots for crab.',
  },
  {
    url: 'https://crab-shack.example/',
    title: 'The crab shack',
    description: 'Seafood by the harbour.',
  },
  // "plaa": "play" and "plan" are used more than "playa", but only "playa" goes with "la".
  {
    url: 'https://la-playa.example/',
    title: 'La Playa resort',
    description: 'Beach hotel on the coast.',
  },
  {
    url: 'https://play-games.example/',
    title: 'Play games online',
    description: 'Free games to play.',
  },
  { url: 'https://play-music.example/', title: 'Play music', description: 'Learn to play guitar.' },
  {
    url: 'https://plan-trip.example/',
    title: 'Plan your trip',
    description: 'A travel plan in minutes.',
  },
  {
    url: 'https://camel-trek.example/',
    title: 'Camel treks',
    description: 'Desert caravans by camel.',
  },
  {
    url: 'https://cma-awards.example/',
    title: 'CMA awards',
    description: 'Country music CMA winners.',
  },
  // A misspelling that is itself a (rare) word of the index, beside a far more frequent neighbour.
  {
    url: 'https://money-howto.example/',
    title: 'How to recieve money',
    description: 'Transfers from abroad.',
  },
  ...Array.from({ length: 10 }, (_, i) => ({
    url: `https://inbox-${i}.example/`,
    title: `Receive email ${i}`,
    description: 'Receive messages in your inbox.',
  })),
];

describe.each(ENGINES)('typo correction through the search API on %s', (engine) => {
  let ctx: SearchContext;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine });
    await insertSites(ctx.db, FIXTURES);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const search = async (q: string): Promise<SearchResponse> =>
    (await ctx.http().get('/api/search').query({ q }).expect(200)).body as SearchResponse;
  const domains = (response: SearchResponse) => response.results.map((result) => result.domain);

  it('corrects an adjacent swap to the known word ("jagaur" is jaguar, never "jag")', async () => {
    const jaguar = await search('jagaur');
    expect(jaguar.correctedQuery).toBe('jaguar');
    expect(domains(jaguar)[0]).toBe('big-cats.example');
    expect(domains(jaguar)).not.toContain('jag-club.example');
    const bronx = await search('brnox');
    expect(bronx.correctedQuery).toBe('bronx');
    expect(domains(bronx)[0]).toBe('nyc-boroughs.example');
    expect(await search('cmael')).toMatchObject({
      correctedQuery: 'camel',
      results: [{ domain: 'camel-trek.example' }],
    });
  });

  it('corrects the whole query as a unit: "cral sea" is "coral sea", not the more frequent "crab sea"', async () => {
    const response = await search('cral sea');
    expect(response.correctedQuery).toBe('coral sea');
    expect(domains(response).sort()).toEqual(['coral-islands.example', 'coral-sea-1942.example']);
  });

  it('leaves short words and stop words alone while correcting the rest', async () => {
    const control = await search('out of cotrol');
    expect(control.correctedQuery).toBe('out of control');
    expect(domains(control)[0]).toBe('mission.example');
    const playa = await search('la plaa');
    expect(playa.correctedQuery).toBe('la playa');
    expect(domains(playa)[0]).toBe('la-playa.example');
  });

  it('questions a rare word of the index when a far more frequent neighbour makes the query match', async () => {
    const response = await search('recieve email');
    expect(response.correctedQuery).toBe('receive email');
    expect(response.total).toBe(10);
    // As typed, "recieve" finds its page: nothing to correct.
    expect(await search('recieve')).toMatchObject({
      correctedQuery: null,
      results: [{ domain: 'money-howto.example' }],
    });
  });

  it('keeps phrases, exclusions and OR working around a corrected word', async () => {
    expect(await search('"coral sea" batle')).toMatchObject({
      correctedQuery: '"coral sea" battle',
      results: [{ domain: 'coral-sea-1942.example' }],
    });
    expect(await search('cral sea -islands')).toMatchObject({
      correctedQuery: 'coral sea -islands',
      results: [{ domain: 'coral-sea-1942.example' }],
    });
    const either = await search('jagaur OR brnox');
    expect(either.correctedQuery).toBe('jaguar OR bronx');
    expect(domains(either).sort()).toEqual(['big-cats.example', 'nyc-boroughs.example']);
  });

  it('keeps the query as typed when its correction finds no more pages with every word', async () => {
    // "comprehension" is unknown and close to "comprehensive"; no page holds every word of
    // either query, so the partial matches of the query as typed are shown, uncorrected.
    const response = await search('python list comprehension');
    expect(response.correctedQuery).toBeNull();
    expect(domains(response)[0]).toBe('pylists.example');
  });

  it('shows no correction when nothing is found', async () => {
    expect(await search('qwzxv')).toMatchObject({ results: [], total: 0, correctedQuery: null });
  });

  it('learns the words of sites indexed after its dictionary was built', async () => {
    expect((await search('qoukka')).correctedQuery).toBeNull();
    await insertSites(ctx.db, [
      { url: 'https://rottnest.example/', title: 'Quokka island', description: 'Meet the quokka.' },
    ]);
    expect(await search('qoukka')).toMatchObject({
      correctedQuery: 'quokka',
      results: [{ domain: 'rottnest.example' }],
    });
  });
});
