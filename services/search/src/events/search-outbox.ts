import { Inject, Injectable } from '@nestjs/common';
import { searchOutbox, type Database, type Transaction } from '@frenly/db';
import {
  OutboxRelay,
  type EventBus,
  type EventsLogger,
  type OutboxEventInput,
} from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger, MetricsService } from '@frenly/platform';
import { writeOutboxRows } from './outbox-rows.js';
import type { OutboxWriter } from './outbox-writer.js';

/**
 * The search service's outbox: events are written in the transaction of the change they
 * describe, and this relay publishes them (site-indexed, query-logged).
 */
@Injectable()
export class SearchOutbox implements OutboxWriter {
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_BUS) bus: EventBus,
    logger: JsonLogger,
    metrics: MetricsService,
  ) {
    this.relay = new OutboxRelay({
      db,
      outbox: searchOutbox,
      bus,
      logger: eventsLogger(logger.forContext('search-outbox')),
    });
    const relay = this.relay;
    metrics.gauge({
      name: 'search_outbox_backlog',
      help: 'Events in the search outbox not yet published',
      async collect() {
        this.set(await relay.backlog().catch(() => -1));
      },
    });
  }

  async write(tx: Transaction | Database, events: readonly OutboxEventInput[]): Promise<void> {
    await writeOutboxRows(tx, events);
  }

  /** Publish soon rather than at the next poll (after committing outbox rows). */
  poke(): void {
    this.relay.poke();
  }

  start(): void {
    this.relay.start();
  }

  stop(): Promise<void> {
    return this.relay.stop();
  }

  backlog(): Promise<number> {
    return this.relay.backlog();
  }
}

function eventsLogger(logger: JsonLogger): EventsLogger {
  return {
    debug: (message, fields) => logger.entry('debug', message, fields),
    info: (message, fields) => logger.entry('info', message, fields),
    warn: (message, fields) => logger.entry('warn', message, fields),
    error: (message, fields) => logger.entry('error', message, fields),
  };
}
