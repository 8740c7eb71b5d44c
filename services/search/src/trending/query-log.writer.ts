import { Inject, Injectable } from '@nestjs/common';
import { Topics, type QueryLoggedV1 } from '@frenly/contracts';
import type { Database } from '@frenly/db';
import { makeEvent } from '@frenly/events';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { SearchOutbox } from '../events/search-outbox.js';
import { isTransientWriteError, storableEntry } from './log-entry-hazards.js';
import { mayTrend } from './may-trend.js';
import { TrendingRepository, type QueryVisit } from './trending.repository.js';

// Entries kept for a retry while the database refuses writes; older ones are dropped.
const MAX_PENDING = 10_000;

/**
 * Logs searches off the request path: entries are batched (flushIntervalMs / maxBatch) and
 * each batch commits, in one transaction, its `search.query-logged` outbox rows and the
 * trending visits. A crash loses at most one interval of analytics, never a search answer.
 *
 * One bad entry never holds up the others: what the database cannot store is cleaned on the
 * way in, and when a batch still fails, its entries are written one by one; an entry that
 * fails alone for a reason other than an unreachable database is dropped and logged once.
 * Only a database that cannot be reached keeps entries for a retry.
 */
@Injectable()
export class QueryLogWriter {
  private pending: QueryLoggedV1[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly trending: TrendingRepository,
    private readonly outbox: SearchOutbox,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('QueryLogWriter');
  }

  record(entry: QueryLoggedV1): void {
    const storable = storableEntry(entry);
    if (storable.changed)
      this.logger.entry(
        'warn',
        'search log entry held characters the database cannot store; they were removed',
        { normalizedQuery: storable.entry.normalizedQuery },
      );
    this.pending.push(storable.entry);
    if (this.pending.length >= this.settings.queryLog.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.settings.queryLog.flushIntervalMs);
  }

  /** Writes everything recorded so far (tests, shutdown). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      await this.write(batch);
    } catch (error) {
      if (isTransientWriteError(error)) return this.retryLater(batch, error);
      await this.writeOneByOne(batch);
    }
  }

  /** After a batch failed for a reason other than the database being unreachable: isolates the entries at fault. */
  private async writeOneByOne(batch: readonly QueryLoggedV1[]): Promise<void> {
    for (const [index, entry] of batch.entries()) {
      try {
        await this.write([entry]);
      } catch (error) {
        if (isTransientWriteError(error)) return this.retryLater(batch.slice(index), error);
        this.logger.exception('a search log entry the database refuses was dropped', error, {
          normalizedQuery: entry.normalizedQuery,
          loggedAt: entry.loggedAt,
        });
      }
    }
  }

  private async write(entries: readonly QueryLoggedV1[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.outbox.write(
        tx,
        entries.map((entry) => makeEvent(Topics.QueryLogged, entry.normalizedQuery, entry)),
      );
      await this.trending.recordVisits(
        tx,
        trendingVisits(entries, this.settings.trending.maxQueryLength),
      );
    });
    this.outbox.committed();
  }

  private retryLater(entries: readonly QueryLoggedV1[], error: unknown): void {
    this.logger.exception('could not log searches; will retry', error, { entries: entries.length });
    this.pending = [...entries, ...this.pending].slice(-MAX_PENDING);
    this.timer ??= setTimeout(
      () => void this.flush(),
      Math.max(1000, this.settings.queryLog.flushIntervalMs),
    );
  }
}

/**
 * Searches that found something count towards trending, unless the query may not be shown
 * there (may-trend.ts); one row per (query, visitor), latest wins.
 */
function trendingVisits(batch: readonly QueryLoggedV1[], maxQueryLength: number): QueryVisit[] {
  const latest = new Map<string, QueryVisit>();
  for (const entry of batch) {
    if (
      entry.resultCount === 0 ||
      entry.normalizedQuery === '' ||
      entry.normalizedQuery.length > maxQueryLength ||
      !mayTrend(entry.normalizedQuery)
    )
      continue;
    const key = `${entry.normalizedQuery}\0${entry.visitorHash}`;
    const at = new Date(entry.loggedAt);
    const known = latest.get(key);
    if (!known || known.at < at)
      latest.set(key, {
        normalizedQuery: entry.normalizedQuery,
        visitorHash: entry.visitorHash,
        at,
      });
  }
  return [...latest.values()];
}
