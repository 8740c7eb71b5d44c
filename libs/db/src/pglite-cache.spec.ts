import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  folderBytes,
  pgliteCacheBytes,
  PGLITE_MAX_CACHE_BYTES,
  PGLITE_MIN_CACHE_BYTES,
} from './pglite-cache.js';

const MB = 1024 * 1024;

describe('pgliteCacheBytes', () => {
  it('keeps PostgreSQL default for a new or small folder', () => {
    expect(pgliteCacheBytes(0)).toBe(PGLITE_MIN_CACHE_BYTES);
    expect(pgliteCacheBytes(200 * MB)).toBe(128 * MB);
  });

  it('is half of a larger folder, in whole megabytes', () => {
    expect(pgliteCacheBytes(600 * MB)).toBe(300 * MB);
    expect(pgliteCacheBytes(601 * MB + 123)).toBe(300 * MB);
  });

  it('stops at the most PGlite should hold resident', () => {
    expect(pgliteCacheBytes(1.2 * 1024 * MB)).toBe(PGLITE_MAX_CACHE_BYTES);
    expect(PGLITE_MAX_CACHE_BYTES).toBe(512 * MB);
  });
});

describe('folderBytes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'frenly-folder-bytes-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('adds up the files of every subfolder', async () => {
    await mkdir(join(dir, 'base', '5'), { recursive: true });
    await writeFile(join(dir, 'PG_VERSION'), '18\n');
    await writeFile(join(dir, 'base', '5', '1259'), Buffer.alloc(8192));
    await truncate(join(dir, 'base', '5', '1259'), 3 * 8192);
    expect(await folderBytes(dir)).toBe(3 + 3 * 8192);
  });

  it('is 0 for a folder that does not exist yet', async () => {
    expect(await folderBytes(join(dir, 'missing'))).toBe(0);
  });
});
