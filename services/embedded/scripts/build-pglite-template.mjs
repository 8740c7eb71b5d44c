// Build step: an initialised, migrated PGlite data folder, packed as dist/pglite-template.tar.gz.
// A first start on an empty FRENLY_DATA_DIR unpacks it (about 1.5 s) instead of running
// initdb in WebAssembly (4-6 s on 2 cores). Migrations still run at every start, so a template
// older than the migrations only costs time, never correctness. The search catalogue's seed
// corpus is loaded here too, so a first start only checks the corpus version instead of
// indexing ~1,300 sites. Its ~1,300 search.site-indexed events are applied here to the
// projections of their consumers (the ledger's known sites, the analysis site references) and
// withdrawn from the outbox: delivered one transaction each at first start, they kept
// single-threaded PGlite busy for seconds. A new consumer of search.site-indexed must be added here.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '@frenly/db';
import { learnSiteRefsInBulk } from '@frenly/analysis';
import { learnSitesInBulk } from '@frenly/ledger';
import { seedCatalogue, withdrawUnsentSiteIndexed } from '@frenly/search';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const started = Date.now();
const workDir = await mkdtemp(join(tmpdir(), 'frenly-pglite-template-'));
try {
  // The database exactly as the runtime opens it (same engine options, same migrations)…
  const handle = await openDatabase({ dataDir: workDir });
  const seed = await seedCatalogue(handle.db);
  const projected = await handle.db.transaction(async (tx) => {
    const sites = await withdrawUnsentSiteIndexed(tx);
    const ledger = await learnSitesInBulk(handle.db, tx, sites);
    const analysis = await learnSiteRefsInBulk(handle.db, tx, sites);
    if (ledger !== sites.length || analysis !== sites.length) {
      throw new Error(
        `seed events applied partially: ${sites.length} events, ledger ${ledger}, analysis ${analysis}`,
      );
    }
    return sites.length;
  });
  await handle.close();
  // …then packed.
  const client = await PGlite.create(workDir, { extensions: { pg_trgm } });
  const archive = await client.dumpDataDir('gzip');
  await client.close();
  await writeFile(
    join(distDir, 'pglite-template.tar.gz'),
    Buffer.from(await archive.arrayBuffer()),
  );
  const pglitePackage = join(
    dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))),
    '..',
    'package.json',
  );
  const pglite = JSON.parse(readFileSync(pglitePackage, 'utf8')).version;
  await writeFile(
    join(distDir, 'pglite-template.json'),
    `${JSON.stringify({ pglite, builtAt: new Date().toISOString() })}\n`,
  );
  console.log(
    `pglite-template.tar.gz: ${archive.size} bytes in ${Date.now() - started} ms (seed corpus: ${seed.inserted} sites in ${seed.durationMs} ms, ${projected} site-indexed events applied to ledger and analysis)`,
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
