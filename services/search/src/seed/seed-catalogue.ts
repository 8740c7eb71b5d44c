import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '@frenly/db';
import { writeOutboxRows } from '../events/outbox-rows.js';
import { siteIndexedEvent } from '../events/site-indexed.event.js';
import { SiteRepository } from '../sites/site.repository.js';
import {
  loadSeedCorpus,
  seedCorpusVersion,
  type SeedCorpus,
  type SkippedSeedEntry,
} from './seed-corpus.js';
import { SeedLoadRepository } from './seed-load.repository.js';

export interface SeedResult {
  readonly version: string;
  /** 'loaded': this call inserted the corpus' new urls; 'already-loaded': nothing to do. */
  readonly status: 'loaded' | 'already-loaded';
  readonly inserted: number;
  readonly durationMs: number;
  /** Corpus entries left out as unusable (see loadSeedCorpus); only known when the corpus was read. */
  readonly skipped: readonly SkippedSeedEntry[];
}

/**
 * Loads the seed corpus once per corpus version, in one transaction: one multi-row insert of
 * the sites not yet catalogued (urls already there keep their data), their words into the
 * lexicon, one `search.site-indexed` outbox row each (so the ledger learns their ids), and
 * the version mark. Concurrent callers serialise on the mark; a second call costs one query.
 * Plain function (no Nest) so the embedded build can seed its PGlite template with it.
 */
export async function seedCatalogue(db: Database, corpus?: SeedCorpus): Promise<SeedResult> {
  const started = performance.now();
  const loads = new SeedLoadRepository(db);
  const version = corpus?.version ?? (await seedCorpusVersion());
  if (await loads.isLoaded(version)) return done('already-loaded', 0, []);
  const seed = corpus ?? (await loadSeedCorpus());
  const sites = new SiteRepository(db);
  const inserted = await db.transaction(async (tx) => {
    if (!(await loads.markLoaded(tx, seed.version, seed.entries.length))) return undefined;
    const added = await sites.insertNew(tx, seed.entries, 'seed');
    await writeOutboxRows(tx, added.map(siteIndexedEvent));
    return added.length;
  });
  if (inserted === undefined) return done('already-loaded', 0, seed.skipped);
  // Planner statistics for the new rows now (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze search.sites`);
  await db.execute(sql`analyze search.lexicon`);
  return done('loaded', inserted, seed.skipped);

  function done(
    status: SeedResult['status'],
    count: number,
    skipped: readonly SkippedSeedEntry[],
  ): SeedResult {
    return {
      version,
      status,
      inserted: count,
      durationMs: Math.round(performance.now() - started),
      skipped,
    };
  }
}
