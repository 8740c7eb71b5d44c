import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const MB = 1024 * 1024;
/** PostgreSQL's default, what a new or small folder gets. */
export const PGLITE_MIN_CACHE_BYTES = 128 * MB;
/** PGlite keeps its whole buffer cache resident (about its size in RSS from the start). */
export const PGLITE_MAX_CACHE_BYTES = 512 * MB;

/**
 * The buffer cache (shared_buffers) for a PGlite data folder of `folderBytes`: half of it,
 * between PostgreSQL's default and PGLITE_MAX_CACHE_BYTES. PGlite reads every page it lacks
 * through the file system (a read system call from the WebAssembly heap): over 100,000 sites
 * (a 1.2 GB folder) those reads were 8.1 % of a search's time with the default 128 MB and 5.4 %
 * with 512 MB, and one person's searches took 16.2 ms on average against 17.5 and 18.2 (runs
 * alternated, bench/search's PGlite half; docs/search-scaling.md). The cache costs its size in
 * memory as soon as PGlite starts, whether used or not, so a small folder keeps the default.
 */
export function pgliteCacheBytes(folderBytes: number): number {
  const half = Math.floor(folderBytes / 2 / MB) * MB;
  return Math.min(PGLITE_MAX_CACHE_BYTES, Math.max(PGLITE_MIN_CACHE_BYTES, half));
}

/** Bytes of the files under `dir` (0 when it does not exist yet). */
export async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        stat(join(entry.parentPath, entry.name)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
  );
  return sizes.reduce((total, size) => total + size, 0);
}
