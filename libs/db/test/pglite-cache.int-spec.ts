import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTempDir, type TempDir } from '@frenly/testing';
import { openDatabase } from '../src/index.js';

async function sharedBuffers(dataDir: string): Promise<string> {
  const handle = await openDatabase({ dataDir, schemas: [] });
  try {
    const result = await handle.db.execute<{ setting: string }>(
      sql`select current_setting('shared_buffers') as setting`,
    );
    return result.rows[0]?.setting ?? '';
  } finally {
    await handle.close();
  }
}

describe('PGlite buffer cache', () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await createTempDir('frenly-pglite-cache-');
  });
  afterAll(async () => {
    await dir.remove();
  });

  it('is PostgreSQL default for a new folder, and half of a large one when opened again', async () => {
    const dataDir = join(dir.path, 'data');
    expect(await sharedBuffers(dataDir)).toBe('128MB');
    // A folder grown to about 600 MB (a sparse file PostgreSQL ignores stands for the data).
    const ballast = join(dataDir, 'frenly-test-ballast');
    await writeFile(ballast, '');
    await truncate(ballast, 600 * 1024 * 1024);
    expect(await sharedBuffers(dataDir)).toMatch(/^3\d\dMB$/);
  });
});
