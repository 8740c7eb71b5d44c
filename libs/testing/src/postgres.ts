import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the integration tests use (started by `npm run infra:up`). */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name on the real server; `drop()` removes it. */
export async function createScratchDatabase(
  prefix = 'frenly_test',
  adminUrl = TEST_POSTGRES_URL,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database "${name}"`, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`, adminUrl),
  };
}

async function adminQuery(text: string, adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
