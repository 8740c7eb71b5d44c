import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Database, Transaction } from '@frenly/db';
import {
  OutboxRelay,
  sleep,
  writeOutbox,
  type EventBus,
  type OutboxEventInput,
  type OutboxTable,
} from '@frenly/events';
import type { JsonLogger } from '../logging/json-logger.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import { eventsLoggerOf } from './events-logger.js';

/** The gauge of a service's unpublished outbox rows. */
export function outboxBacklogMetric(service: string): string {
  return `${service}_outbox_backlog`;
}

export interface TransactionalOutboxOptions {
  /** The service that owns the outbox: names the `<service>_outbox_backlog` gauge. */
  readonly service: string;
  readonly db: Database;
  readonly bus: EventBus;
  /** The service schema's outbox table (e.g. `ledgerOutbox` from @frenly/db). */
  readonly table: OutboxTable;
  /** How often the relay looks for unsent rows when nobody wakes it (default 1 s). */
  readonly pollIntervalMs?: number;
  /** Under load, how long the relay lets a batch fill (see OutboxRelayOptions.lingerMs). */
  readonly lingerMs?: number;
  /** On shutdown, how long to keep publishing the backlog before stopping the relay. */
  readonly drainTimeoutMs: number;
}

/**
 * A service's transactional outbox: `write` adds events to the transaction of the change they
 * describe, `committed` wakes the relay once that transaction has committed (otherwise it
 * publishes at its next poll). The relay starts with the module; on shutdown, after the HTTP
 * server has drained and before the database closes, it publishes what is left for a bounded
 * time, then stops. A service provides it as its own class (`class LedgerOutbox extends
 * TransactionalOutbox`), which gives the constructor its table and settings.
 */
export class TransactionalOutbox implements OnModuleInit, OnApplicationShutdown {
  private readonly relay: OutboxRelay;
  private readonly table: OutboxTable;
  private readonly drainTimeoutMs: number;
  private stopped = false;

  constructor(options: TransactionalOutboxOptions, logger: JsonLogger, metrics: MetricsService) {
    this.table = options.table;
    this.drainTimeoutMs = options.drainTimeoutMs;
    const relay = new OutboxRelay({
      db: options.db,
      outbox: options.table,
      bus: options.bus,
      pollIntervalMs: options.pollIntervalMs,
      lingerMs: options.lingerMs,
      logger: eventsLoggerOf(logger.forContext(this.constructor.name)),
    });
    this.relay = relay;
    metrics.gauge({
      name: outboxBacklogMetric(options.service),
      help: `Events in the ${options.service} outbox not yet published`,
      async collect() {
        // A scrape during shutdown must not fail the whole exposition.
        this.set(await relay.backlog().catch(() => -1));
      },
    });
  }

  /** Adds events to the caller's transaction: they commit, or roll back, with it. */
  async write(tx: Transaction | Database, events: readonly OutboxEventInput[]): Promise<void> {
    await writeOutbox(tx, this.table, events);
  }

  /** Call after a transaction with events committed: publish now rather than at the next poll. */
  committed(): void {
    this.relay.poke();
  }

  /** Rows written but not yet published. */
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
    const deadline = Date.now() + this.drainTimeoutMs;
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
