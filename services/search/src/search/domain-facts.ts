// What public data shipped with Frenly says about a domain: today the owning organisation from
// Ghostery's TrackerDB (@ghostery/trackerdb, the database the analysis matches trackers with),
// loaded once per process from the engine file the package ships, as the analysis does.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { DomainFacts } from '@frenly/contracts';
import loadTrackerDB from '@ghostery/trackerdb';
import { JsonLogger } from '@frenly/platform';

type TrackerDb = Awaited<ReturnType<typeof loadTrackerDB>>;

const NO_FACTS: DomainFacts = { owner: null };

@Injectable()
export class DomainFactsService implements OnModuleInit {
  private db?: TrackerDb;
  private version = '';
  private readonly cache = new Map<string, DomainFacts>();
  private readonly logger: JsonLogger;

  constructor(logger: JsonLogger) {
    this.logger = logger.forContext('DomainFacts');
  }

  async onModuleInit(): Promise<void> {
    try {
      const require = createRequire(import.meta.url);
      // dist/cjs/index.js → dist/trackerdb.engine
      const distDir = dirname(dirname(require.resolve('@ghostery/trackerdb')));
      const [engine, manifest] = await Promise.all([
        readFile(join(distDir, 'trackerdb.engine')),
        readFile(join(dirname(distDir), 'package.json'), 'utf8'),
      ]);
      this.db = await loadTrackerDB(new Uint8Array(engine));
      this.version = (JSON.parse(manifest) as { version: string }).version;
    } catch (error) {
      // Cards then say nothing about owners: never a guess.
      this.logger.exception('could not load the tracker database: results carry no owner', error);
    }
  }

  /**
   * The organisation TrackerDB says owns `domain`, when it names exactly one (several would be
   * a guess among them); its version goes with it, so a card can say where the fact is from.
   */
  of(domain: string): DomainFacts {
    if (!this.db) return NO_FACTS;
    const cached = this.cache.get(domain);
    if (cached) return cached;
    let owners: string[];
    try {
      owners = [
        ...new Set(
          this.db
            .matchDomain(domain)
            .map((match) => match.organization?.name)
            .filter((name): name is string => Boolean(name)),
        ),
      ];
    } catch {
      owners = [];
    }
    const facts: DomainFacts =
      owners.length === 1
        ? { owner: { name: owners[0]!, source: 'ghostery-trackerdb', sourceVersion: this.version } }
        : NO_FACTS;
    if (this.cache.size < 50_000) this.cache.set(domain, facts);
    return facts;
  }
}
