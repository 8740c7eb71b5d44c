import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ledgerOutbox, type Database, type Transaction } from '@frenly/db';
import type { TopicName } from '@frenly/contracts';
import {
  OutboxRelay,
  sleep,
  writeOutbox,
  type EventBus,
  type EventsLogger,
  type TypedEvent,
} from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger, MetricsService } from '@frenly/platform';
import { LEDGER_SETTINGS, type LedgerSettings } from '../ledger.settings.js';

/**
 * The ledger's transactional outbox: events are written in the transaction of the change
 * they describe, and the relay (started with the module) publishes them after commit.
 * On shutdown it runs after the HTTP server has drained and before the database closes
 * (Nest shuts this module down before the global platform module that closes the database):
 * it publishes what is left, for a bounded time, then stops the relay.
 */
@Injectable()
export class LedgerOutbox implements OnModuleInit, OnApplicationShutdown {
  private readonly relay: OutboxRelay;
  private stopped = false;

  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(LEDGER_SETTINGS) private readonly settings: LedgerSettings,
    logger: JsonLogger,
    metrics: MetricsService,
  ) {
    this.relay = new OutboxRelay({
      db,
      outbox: ledgerOutbox,
      bus,
      pollIntervalMs: settings.relayPollIntervalMs,
      lingerMs: settings.relayLingerMs,
      logger: eventsLogger(logger.forContext('LedgerOutbox')),
    });
    const relay = this.relay;
    metrics.gauge({
      name: 'ledger_outbox_backlog',
      help: 'Ledger events committed but not yet published',
      async collect() {
        // A scrape during shutdown must not fail the whole exposition.
        this.set(await relay.backlog().catch(() => -1));
      },
    });
  }

  /** Adds events to the caller's transaction. */
  async write(tx: Transaction, events: ReadonlyArray<TypedEvent<TopicName>>): Promise<void> {
    await writeOutbox(tx, ledgerOutbox, events);
  }

  /** Call after a transaction with events committed: publish now rather than at the next poll. */
  committed(): void {
    this.relay.poke();
  }

  backlog(): Promise<number> {
    return this.relay.backlog();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  onModuleInit(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    const deadline = Date.now() + this.settings.relayDrainTimeoutMs;
    while (Date.now() < deadline) {
      const { leader, consecutiveFailures } = this.relay.stats();
      // Another instance publishes, or the bus is down: nothing to wait for (rows stay for later).
      if (!leader || consecutiveFailures > 0) break;
      if ((await this.relay.backlog().catch(() => 0)) === 0) break;
      this.relay.poke();
      await sleep(20);
    }
    await this.relay.stop();
    this.stopped = true;
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
