import { Inject, Injectable } from '@nestjs/common';
import { Topics, type QueryLoggedV1 } from '@frenly/contracts';
import type { Database } from '@frenly/db';
import { makeEvent } from '@frenly/events';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { SearchOutbox } from '../events/search-outbox.js';
import { TrendingRepository, type QueryVisit } from './trending.repository.js';

// Entries kept for a retry while the database refuses writes; older ones are dropped.
const MAX_PENDING = 10_000;

/**
 * Logs searches off the request path: entries are batched (flushIntervalMs / maxBatch) and
 * each batch commits, in one transaction, its `search.query-logged` outbox rows and the
 * trending visits. A crash loses at most one interval of analytics, never a search answer.
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
    this.pending.push(entry);
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
      await this.db.transaction(async (tx) => {
        await this.outbox.write(tx, batch.map((entry) => makeEvent(Topics.QueryLogged, entry.normalizedQuery, entry)));
        await this.trending.recordVisits(tx, trendingVisits(batch, this.settings.trending.maxQueryLength));
      });
      this.outbox.poke();
    } catch (error) {
      this.logger.exception('could not log searches; will retry', error, { entries: batch.length });
      this.pending = [...batch, ...this.pending].slice(-MAX_PENDING);
      this.timer ??= setTimeout(() => void this.flush(), Math.max(1000, this.settings.queryLog.flushIntervalMs));
    }
  }
}

/** Searches that found something count towards trending; one row per (query, visitor), latest wins. */
function trendingVisits(batch: readonly QueryLoggedV1[], maxQueryLength: number): QueryVisit[] {
  const latest = new Map<string, QueryVisit>();
  for (const entry of batch) {
    if (entry.resultCount === 0 || entry.normalizedQuery === '' || entry.normalizedQuery.length > maxQueryLength) continue;
    const key = `${entry.normalizedQuery}\0${entry.visitorHash}`;
    const at = new Date(entry.loggedAt);
    const known = latest.get(key);
    if (!known || known.at < at) latest.set(key, { normalizedQuery: entry.normalizedQuery, visitorHash: entry.visitorHash, at });
  }
  return [...latest.values()];
}
