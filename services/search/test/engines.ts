import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { createScratchDatabase, createTempDir } from '@frenly/testing';

/** A fresh, migrated database on one engine, so one suite can run against both. */
export interface DatabaseFixture {
  readonly handle: DatabaseHandle;
  cleanup(): Promise<void>;
}

export async function postgresDatabase(): Promise<DatabaseFixture> {
  const scratch = await createScratchDatabase('frenly_search');
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export async function pgliteDatabase(): Promise<DatabaseFixture> {
  const dir = await createTempDir('frenly-search-');
  const handle = await openDatabase({ dataDir: dir.path });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await dir.remove();
    },
  };
}
