import { availableParallelism } from 'node:os';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { openSessionPool, type Database, type DatabaseHandle } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';

// Pages a bitmap scan asks the kernel for ahead of reading them (PostgreSQL's default: 1). The
// candidate stage reads up to a few thousand rows scattered over the index relations; cold,
// one read after the other, they took 100–300 ms at 1M sites, read ahead 20–70 ms.
const IO_CONCURRENCY = 64;

/**
 * Where a search's statements run (the ranked page, the match counts of typo correction): on
 * PostgreSQL a pool of their own whose connections start with statement_timeout (the search's
 * queryTimeoutMs: PostgreSQL cancels the statement, see search-deadline.ts) and read-ahead, so
 * each statement is one round trip with the query text bound as parameters, and whose size
 * (statementConcurrency) is how many run at once, the rest waiting for a connection; on
 * PGlite, which cannot cancel a statement, the service's database (its query is parameterised
 * too). The pool is closed once the HTTP server has stopped (application shutdown), after the
 * last search.
 */
@Injectable()
export class SearchStatements implements OnApplicationShutdown {
  private readonly pool: DatabaseHandle;

  constructor(@Inject(DATABASE) db: Database, @Inject(SEARCH_SETTINGS) settings: SearchSettings) {
    this.pool = openSessionPool(
      db,
      {
        statement_timeout: Math.max(1, Math.trunc(settings.queryTimeoutMs)),
        effective_io_concurrency: IO_CONCURRENCY,
      },
      { poolSize: statementConcurrency(settings) },
    );
  }

  /** The statement's rows. */
  async rows<T extends Record<string, unknown>>(statement: SQL): Promise<T[]> {
    return (await this.pool.db.execute<T>(statement)).rows as T[];
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}

/** Connections of the search pool: the setting, or this machine's cores when it is 0. */
function statementConcurrency(settings: Pick<SearchSettings, 'statementConcurrency'>): number {
  return settings.statementConcurrency > 0 ? settings.statementConcurrency : availableParallelism();
}
