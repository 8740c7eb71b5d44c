import type { PoolClient } from 'pg';
import { SearchErrorCode } from '../src/search.errors.js';
import { insertSites } from './fixtures.js';
import { SearchContext } from './search-context.js';

const QUERY_TIMEOUT_MS = 300;

// A plan gone wrong, simulated by a lock the search must wait for: the statement timeout stops
// it, the client gets a clear 503 at once, and the pool is not taken down.
describe('a search that runs too long on PostgreSQL', () => {
  let ctx: SearchContext;
  let locker: PoolClient | undefined;

  beforeAll(async () => {
    ctx = await SearchContext.start({
      engine: 'PostgreSQL',
      settings: { queryTimeoutMs: QUERY_TIMEOUT_MS },
    });
    await insertSites(ctx.db, [
      {
        url: 'https://lighthouse-keepers.example/',
        title: 'Lighthouse keepers',
        description: 'Stories from the coast.',
      },
    ]);
  }, 60_000);

  afterAll(async () => {
    await locker?.query('rollback').catch(() => undefined);
    locker?.release();
    await ctx?.close();
  });

  it('answers 503 SEARCH_TIMED_OUT within the timeout, for more searches than the pool has connections, then serves again', async () => {
    // One of the test pool's four connections holds the lock: three are left to the searches.
    const pool = (ctx.db as unknown as { $client: { connect(): Promise<PoolClient> } }).$client;
    locker = await pool.connect();
    await locker.query('begin');
    await locker.query('lock table search.site_heads in access exclusive mode');

    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx
          .http()
          .get('/api/search')
          .query({ q: `lighthouse ${i}` }),
      ),
    );
    const elapsed = Date.now() - started;
    for (const response of responses) {
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({
        statusCode: 503,
        code: SearchErrorCode.SearchTimedOut,
        message: expect.stringMatching(/took too long/),
      });
    }
    // Each request gave up after about the timeout (plus the grace), never the pool's 5 s wait.
    expect(elapsed).toBeLessThan(3 * QUERY_TIMEOUT_MS + 1500);

    await locker.query('rollback');
    locker.release();
    locker = undefined;
    const after = await ctx.http().get('/api/search').query({ q: 'lighthouse' });
    expect(after.status).toBe(200);
    expect(after.body.results.map((site: { domain: string }) => site.domain)).toEqual([
      'lighthouse-keepers.example',
    ]);
  });
});
