import { Topics, type QueryLoggedV1 } from '@frenly/contracts';
import type { BusEvent } from '@frenly/events';
import { waitFor } from '@frenly/testing';
import { QueryLogWriter } from '../src/trending/query-log.writer.js';
import { insertSites } from './fixtures.js';
import { SearchContext } from './search-context.js';

// Issue 12 item 3: `GET /api/search?q=%00` made every later query-log batch fail (jsonb refuses
// \u0000), so trending and search.query-logged stopped for everyone until a restart.
describe('one bad search cannot stop the query log (PostgreSQL)', () => {
  let ctx: SearchContext;
  const published: BusEvent[] = [];

  beforeAll(async () => {
    ctx = await SearchContext.start({
      engine: 'PostgreSQL',
      settings: { trustForwardedFor: true, trending: { minVisitors: 3, cacheSeconds: 0 } },
    });
    await ctx.bus.subscribe({
      group: 'poison-test',
      topics: [Topics.QueryLogged],
      handler: async (event) => void published.push(event),
    });
    await insertSites(ctx.db, [
      { url: 'https://solo.example/', title: 'Solo hobby', description: 'One person’s hobby.' },
      {
        url: 'https://kites.example/',
        title: 'Kite flying',
        description: 'Flying kites on the beach.',
      },
    ]);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const publishedQueries = (): string[] =>
    published.map((event) => (event.payload as QueryLoggedV1).normalizedQuery);

  async function trending(): Promise<string[]> {
    await ctx.flushQueryLog();
    return (await ctx.http().get('/api/search/trending').expect(200)).body as string[];
  }

  it.each([
    ['NUL', 'solo%00hobby'],
    ['only a NUL', '%00'],
    ['a control character', 'solo%01hobby'],
    ['a tab inside', 'solo%09hobby'],
    ['a line break inside', 'solo%0Ahobby'],
    ['DEL', 'solo%7F'],
    ['a C1 control character', 'solo%C2%85'],
  ])('refuses q with %s: a 400 that says why, and nothing is logged', async (_name, q) => {
    const response = await ctx
      .http()
      .get(`/api/search?q=${q}`)
      .set('X-Forwarded-For', '192.0.2.1')
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    // The platform's pipe names NUL itself; the DTO names the other control characters.
    expect([response.body.message].flat().join(' ')).toMatch(
      /\bq\b.*(control characters|NUL character)/,
    );
    await ctx.flushQueryLog();
    expect(await ctx.count('search.outbox')).toBe(0);
    expect(await ctx.count('search.query_visitors')).toBe(0);
  });

  it('writes the rest of a batch that holds unstorable entries, logs each bad one once, and trending still updates', async () => {
    const writer = ctx.app.get(QueryLogWriter);
    const at = new Date().toISOString();
    const entry = (visitor: string, fields: Partial<QueryLoggedV1> = {}): QueryLoggedV1 => ({
      query: 'kite flying',
      normalizedQuery: 'kite flying',
      visitorHash: visitor.padEnd(32, '0'),
      resultCount: 1,
      loggedAt: at,
      ...fields,
    });
    // Fed straight to the writer, as the HTTP edge now refuses them: a NUL and a lone surrogate
    // (cleaned and kept), and a date no database takes (dropped).
    writer.record(entry('a', { query: 'kite\u0000flying' }));
    writer.record(entry('b', { query: 'kite \uD800flying' }));
    writer.record(entry('c', { loggedAt: 'not a date' }));
    writer.record(entry('d'));
    writer.record(entry('e'));
    expect(await trending()).toEqual(['kite flying']);
    await waitFor(() =>
      publishedQueries().filter((query) => query === 'kite flying').length === 4 ? true : undefined,
    );
    const queries = published.map((event) => (event.payload as QueryLoggedV1).query);
    expect(queries).toEqual(expect.arrayContaining(['kiteflying', 'kite \uFFFDflying']));

    // Later searches are logged too, and the dropped entry is not retried (nor logged again).
    const linesBefore = ctx.logLines.length;
    for (const host of ['198.51.100.1', '203.0.113.1', '192.0.2.1']) {
      await ctx
        .http()
        .get('/api/search')
        .query({ q: 'solo hobby' })
        .set('X-Forwarded-For', host)
        .expect(200);
    }
    expect(await trending()).toEqual(['kite flying', 'solo hobby']);
    expect(ctx.logLines.slice(linesBefore)).toEqual([]);
    expect(ctx.logLines.filter((line) => line.includes('was dropped'))).toHaveLength(1);
  });
});
