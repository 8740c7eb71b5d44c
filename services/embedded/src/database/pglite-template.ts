import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FOLDER } from '../data-dir-lock/data-dir-lock.js';

/** Written by scripts/build-pglite-template.mjs next to the built code. */
const TEMPLATE_ARCHIVE = fileURLToPath(new URL('../pglite-template.tar.gz', import.meta.url));
const TEMPLATE_INFO = fileURLToPath(new URL('../pglite-template.json', import.meta.url));

export type SeedOutcome = 'seeded' | 'already-initialised' | 'no-template' | 'template-mismatch';

/**
 * Fills an empty PGlite folder from the build-time template, which is several times faster
 * than initdb. Leaves anything else alone: an initialised folder, memory://, a template made
 * by another PGlite version. A failed unpack empties the folder again, so initdb can run.
 */
export async function seedPgliteFromTemplate(dataDir: string): Promise<SeedOutcome> {
  if (dataDir.startsWith('memory://') || existsSync(join(dataDir, 'PG_VERSION')))
    return 'already-initialised';
  if (!existsSync(TEMPLATE_ARCHIVE) || !existsSync(TEMPLATE_INFO)) return 'no-template';
  if (!templateMatchesInstalledPglite()) return 'template-mismatch';
  await mkdir(dataDir, { recursive: true });
  // The lock entry of this very process is there already (main.ts); anything else is not ours to fill.
  if ((await ownEntries(dataDir)).length > 0) return 'already-initialised';
  const [{ PGlite }, { pg_trgm }, archive] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    readFile(TEMPLATE_ARCHIVE),
  ]);
  try {
    const client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([archive]),
    });
    await client.close();
    return 'seeded';
  } catch (error) {
    for (const entry of await ownEntries(dataDir))
      await rm(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
}

async function ownEntries(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir)).filter((entry) => entry !== LOCK_FOLDER);
}

function templateMatchesInstalledPglite(): boolean {
  try {
    const info = JSON.parse(readFileSync(TEMPLATE_INFO, 'utf8')) as { pglite?: string };
    const packageJson = join(
      dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
      '..',
      'package.json',
    );
    return (
      info.pglite === (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version
    );
  } catch {
    return false;
  }
}
