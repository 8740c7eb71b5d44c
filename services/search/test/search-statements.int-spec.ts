import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { resolveSearchSettings } from '../src/config/search.settings.js';
import { SearchStatements } from '../src/search/search-statements.js';

// Search statements are CPU-bound: the pool that runs them runs as many at once as it has
// connections (statementConcurrency), whatever the size of the service's main pool.
describe('SearchStatements on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  const opened: SearchStatements[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_search_statements');
    handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 10, migrate: false });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(opened.map((statements) => statements.onApplicationShutdown()));
    await handle?.close();
    await scratch?.drop();
  });

  /** The backends that served `count` statements sent at once, each lasting 150 ms. */
  async function backendsServing(statementConcurrency: number, count: number) {
    const statements = new SearchStatements(
      handle.db,
      resolveSearchSettings({ statementConcurrency }),
    );
    opened.push(statements);
    const rows = await Promise.all(
      Array.from({ length: count }, () =>
        statements.rows<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.15)`),
      ),
    );
    return new Set(rows.map(([row]) => row?.pid));
  }

  it('runs at most statementConcurrency statements at once, the others waiting their turn', async () => {
    expect((await backendsServing(2, 6)).size).toBe(2);
  });

  it('runs as many at once as the machine has cores when the setting is 0', async () => {
    const cores = availableParallelism();
    expect((await backendsServing(0, cores + 2)).size).toBe(cores);
  });
});
