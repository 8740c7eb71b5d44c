import { createScratchDatabase, createTempDir } from '@frenly/testing';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../src/index.js';

/** Opens a fresh, empty database on each engine, so one suite can run against both. */
export interface EngineFixture {
  readonly name: 'postgres' | 'pglite';
  open(options?: Omit<OpenDatabaseOptions, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

export async function postgresFixture(): Promise<EngineFixture> {
  const scratch = await createScratchDatabase('frenly_db');
  const handles: DatabaseHandle[] = [];
  return {
    name: 'postgres',
    open: async (options) => {
      const handle = await openDatabase({ ...options, databaseUrl: scratch.url });
      handles.push(handle);
      return handle;
    },
    cleanup: async () => {
      await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
      await scratch.drop();
    },
  };
}

export async function pgliteFixture(): Promise<EngineFixture> {
  const dir = await createTempDir('frenly-pglite-');
  const handles: DatabaseHandle[] = [];
  return {
    name: 'pglite',
    open: async (options) => {
      const handle = await openDatabase({ ...options, dataDir: dir.path });
      handles.push(handle);
      return handle;
    },
    cleanup: async () => {
      for (const h of handles) await h.close().catch(() => undefined); // some were closed by the test
      await dir.remove();
    },
  };
}
