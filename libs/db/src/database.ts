import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { folderBytes, pgliteCacheBytes } from './pglite-cache.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/**
 * The one database type every repository uses, whichever engine is behind it. Raw `execute`
 * results are typed as node-postgres's (`rows`); PGlite's results have the same `rows`.
 */
export type Database = PgDatabase<NodePgQueryResultHKT, Schema>;
/** A transaction handle, as passed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseEngine = 'postgres' | 'pglite';

/**
 * The driver behind a database: on PostgreSQL its node-postgres pool (for a dedicated
 * connection or a multi-statement script), else the embedded PGlite client. The one place that
 * looks at drizzle's `$client`, so that code needing the engine never sniffs drivers itself.
 */
export type DatabaseDriver =
  | { readonly engine: 'postgres'; readonly pool: pg.Pool }
  | { readonly engine: 'pglite'; readonly client: object };

export function driverOf(db: Database): DatabaseDriver {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return { engine: 'postgres', pool: client };
  return { engine: 'pglite', client: typeof client === 'object' && client !== null ? client : db };
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly engine: DatabaseEngine;
  /** Throws when the database cannot answer; used by /health/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite engine is used. */
  databaseUrl?: string;
  /** PGlite folder; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Service schemas whose migrations to apply (default: all; a service passes its own). */
  schemas?: readonly ServiceSchemaName[];
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}

/** The service schemas, each with its own migration set in `libs/db/migrations/<schema>`. */
export const SERVICE_SCHEMAS = ['identity', 'ledger', 'search', 'analysis'] as const;
export type ServiceSchemaName = (typeof SERVICE_SCHEMAS)[number];

/** Migrations of one schema: `libs/db/migrations/<schema>`, one level above both src/ and dist/. */
export function migrationsFolderOf(schema: ServiceSchemaName): string {
  return fileURLToPath(new URL(`../migrations/${schema}`, import.meta.url));
}

/** Where drizzle records applied migrations: one table per service schema. */
function migrationConfig(schema: ServiceSchemaName) {
  return {
    migrationsFolder: migrationsFolderOf(schema),
    migrationsSchema: 'drizzle',
    migrationsTable: `${schema}_migrations`,
  };
}

// A fixed key for pg_advisory_lock so that services starting together migrate one at a time.
const MIGRATION_LOCK_KEY = 7_251_813_004;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir ?? './.data');
  if (options.migrate ?? true) {
    await runMigrations(handle, options.schemas ?? SERVICE_SCHEMAS, options.databaseUrl);
  }
  return handle;
}

/**
 * A connection lost under the pool (PostgreSQL restarting terminates every session) must not
 * crash the process. pg emits the error on the client: the pool listens while a client is idle
 * and drops it, but a client checked out and idle between statements (a transaction, a held
 * session) has no listener unless its holder added one, and an unheard 'error' event ends
 * Node. Every client gets a listener of its own; its holder's next statement fails, and the
 * pool drops it on release (it is no longer queryable).
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  survivesLostConnections(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL run-time settings by name (e.g. statement_timeout in ms), whole numbers. */
export type SessionSettings = Readonly<Record<string, number>>;

/**
 * A pool of its own to the database behind `db` (same server and user; the same size unless
 * `poolSize` says otherwise) whose connections start with `settings` (sent in the startup
 * packet as `-c name=value`), so that a statement with bound parameters runs under them in one
 * round trip: no `set` before it, no text built from values. On PGlite (one in-process
 * connection that cannot cancel a statement) the database itself, without the settings. Close
 * the handle before the database.
 */
export function openSessionPool(
  db: Database,
  settings: SessionSettings,
  options: { readonly poolSize?: number } = {},
): DatabaseHandle {
  const driver = driverOf(db);
  if (driver.engine === 'pglite') {
    return { db, engine: 'pglite', ping: async () => undefined, close: async () => undefined };
  }
  const startup = Object.entries(settings).map(([name, value]) => {
    if (!/^[a-z_]+$/.test(name) || !Number.isSafeInteger(value))
      throw new Error(`not a whole-number setting: ${name} = ${value}`);
    return `-c ${name}=${value}`;
  });
  // The pool keeps the password apart (not enumerable): carry it over by name.
  const { options: base } = driver.pool;
  const pool = new pg.Pool({
    ...base,
    password: base.password,
    options: startup.join(' '),
    max: options.poolSize ?? base.max,
  });
  survivesLostConnections(pool);
  return {
    db: drizzlePg(pool, { schema }),
    engine: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // The buffer cache grows with the folder it caches (pglite-cache.ts): read when opened.
  const cacheBytes = pgliteCacheBytes(inMemory ? 0 : await folderBytes(dataDir));
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${cacheBytes / 1024}kB`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Applies pending migrations of the given schemas; on PostgreSQL under an advisory lock held by one connection. */
export async function runMigrations(
  handle: DatabaseHandle,
  schemas: readonly ServiceSchemaName[],
  databaseUrl?: string,
): Promise<void> {
  if (handle.engine === 'pglite') {
    for (const schema of schemas) await migratePglite(handle.db as never, migrationConfig(schema));
    return;
  }
  if (!databaseUrl) throw new Error('runMigrations on PostgreSQL needs the database URL');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    for (const schema of schemas) await migratePg(drizzlePg(client), migrationConfig(schema));
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}
