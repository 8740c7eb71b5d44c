import { Inject, Injectable } from '@nestjs/common';
import { searchOutbox, type Database, type Transaction } from '@frenly/db';
import type { EventBus, OutboxEventInput } from '@frenly/events';
import {
  DATABASE,
  EVENT_BUS,
  JsonLogger,
  MetricsService,
  TransactionalOutbox,
} from '@frenly/platform';
import { writeOutboxRows } from './outbox-rows.js';

/** On shutdown, how long the relay keeps publishing what is left (the query log's last batch). */
const DRAIN_TIMEOUT_MS = 3_000;

/** The search service's transactional outbox (search.site-indexed, search.query-logged, search.site-crawled). */
@Injectable()
export class SearchOutbox extends TransactionalOutbox {
  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_BUS) bus: EventBus,
    logger: JsonLogger,
    metrics: MetricsService,
  ) {
    super(
      { service: 'search', db, bus, table: searchOutbox, drainTimeoutMs: DRAIN_TIMEOUT_MS },
      logger,
      metrics,
    );
  }

  /** As one JSON parameter: the seed load writes thousands of events at once (see outbox-rows). */
  override async write(
    tx: Transaction | Database,
    events: readonly OutboxEventInput[],
  ): Promise<void> {
    await writeOutboxRows(tx, events);
  }
}
