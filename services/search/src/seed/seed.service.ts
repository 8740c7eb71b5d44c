import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@frenly/db';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { SearchOutbox } from '../events/search-outbox.js';
import { SiteRepository } from '../sites/site.repository.js';
import { seedCatalogue, type SeedResult } from './seed-catalogue.js';

/** Makes sure a fresh install answers real queries: the seed corpus, and a lexicon for typos. */
@Injectable()
export class SeedService {
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly sites: SiteRepository,
    private readonly outbox: SearchOutbox,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('SeedService');
  }

  /**
   * An empty catalogue is seeded before the service answers (a fresh install must answer
   * real queries at once); a filled one (e.g. from the embedded template) only needs the
   * corpus version checked, which happens in the background, off the start-up path.
   */
  async ensureSeededAtStart(): Promise<void> {
    if (await this.sites.isEmpty()) {
      await this.ensureSeeded();
      return;
    }
    this.ensureSeeded().catch((error: unknown) =>
      this.logger.exception('seed corpus check failed', error),
    );
  }

  async ensureSeeded(): Promise<SeedResult> {
    const result = await seedCatalogue(this.db);
    // One line per entry left out, so that a bad one is found and fixed, never fatal.
    for (const entry of result.skipped)
      this.logger.entry('warn', 'seed entry skipped', { entry: entry.where, reason: entry.reason });
    if (result.status === 'loaded') {
      this.outbox.committed();
      this.logger.info('seed corpus loaded', {
        version: result.version,
        inserted: result.inserted,
        durationMs: result.durationMs,
      });
    } else {
      this.logger.entry('debug', 'seed corpus already loaded', {
        version: result.version,
        durationMs: result.durationMs,
      });
    }
    return result;
  }

  /** A catalogue filled by a bulk load that bypassed the repository has no lexicon yet. */
  async ensureLexicon(): Promise<void> {
    if ((await this.sites.lexiconIsEmpty()) && !(await this.sites.isEmpty())) {
      await this.sites.rebuildLexicon();
      this.logger.info('lexicon rebuilt from the catalogue');
    }
  }
}
