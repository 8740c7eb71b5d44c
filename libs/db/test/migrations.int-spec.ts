import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrationsFolderOf, SERVICE_SCHEMAS } from '../src/index.js';
import { pgliteFixture, postgresFixture, type EngineFixture } from './engines.js';

/** Every migration of every schema's journal: what a fresh database must have applied. */
const journalEntries = SERVICE_SCHEMAS.reduce((sum, schema) => {
  const journal = JSON.parse(
    readFileSync(`${migrationsFolderOf(schema)}/meta/_journal.json`, 'utf8'),
  ) as { entries: unknown[] };
  return sum + journal.entries.length;
}, 0);

// Tables later migrations must never drop (each service adds more of its own).
const foundationTables = [
  'analysis.outbox',
  'analysis.processed_events',
  'identity.installation',
  'identity.outbox',
  'identity.processed_events',
  'ledger.outbox',
  'ledger.processed_events',
  'search.outbox',
  'search.processed_events',
  'search.sites',
];

describe.each([
  ['postgres', postgresFixture],
  ['pglite', pgliteFixture],
] as const)('migrations on %s', (_name, makeFixture) => {
  let fixture: EngineFixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterAll(async () => {
    await fixture.cleanup();
  });

  it('creates every service schema, its tables and the pg_trgm extension', async () => {
    const { db } = await fixture.open();
    const tables = await db.execute<{ name: string }>(sql`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('identity', 'ledger', 'search', 'analysis') order by 1`);
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(foundationTables));
    const similarity = await db.execute<{ s: number }>(
      sql`select similarity('wikipedia', 'wikipeda') as s`,
    );
    expect(Number(similarity.rows[0]?.s)).toBeGreaterThan(0.5);
  });

  it('is idempotent: opening again applies nothing new and keeps data', async () => {
    const first = await fixture.open();
    await first.db.execute(
      sql`insert into search.sites (url, domain, title) values ('https://a.example/', 'a.example', 'A')`,
    );
    await first.close(); // one PGlite instance per folder at a time
    const again = await fixture.open();
    const rows = await again.db.execute<{ n: number }>(
      sql`select count(*)::int as n from search.sites`,
    );
    expect(Number(rows.rows[0]?.n)).toBe(1);
    const applied = await again.db.execute<{
      n: number;
    }>(sql`select (select count(*) from drizzle.identity_migrations) + (select count(*) from drizzle.ledger_migrations)
        + (select count(*) from drizzle.search_migrations) + (select count(*) from drizzle.analysis_migrations) as n`);
    expect(Number(applied.rows[0]?.n)).toBe(journalEntries);
  });
});

describe('migrations on postgres, several services starting at once', () => {
  it('apply exactly once under the advisory lock', async () => {
    const fixture = await postgresFixture();
    try {
      const handles = await Promise.all([
        fixture.open(),
        fixture.open(),
        fixture.open(),
        fixture.open(),
      ]);
      const applied = await handles[0].db.execute<{
        n: number;
      }>(sql`select (select count(*) from drizzle.identity_migrations) + (select count(*) from drizzle.ledger_migrations)
        + (select count(*) from drizzle.search_migrations) + (select count(*) from drizzle.analysis_migrations) as n`);
      expect(Number(applied.rows[0]?.n)).toBe(journalEntries);
    } finally {
      await fixture.cleanup();
    }
  });
});

describe('migrations of one service schema', () => {
  it('create only that schema', async () => {
    const fixture = await postgresFixture();
    try {
      const { db } = await fixture.open({ schemas: ['ledger'] });
      const schemas = await db.execute<{ name: string }>(sql`
        select schema_name as name from information_schema.schemata
        where schema_name in ('identity', 'ledger', 'search', 'analysis') order by 1`);
      expect(schemas.rows.map((r) => r.name)).toEqual(['ledger']);
    } finally {
      await fixture.cleanup();
    }
  });
});
