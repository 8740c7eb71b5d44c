import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { analysisOutbox, type Database, type Transaction } from '@frenly/db';
import type { TopicName } from '@frenly/contracts';
import { OutboxRelay, sleep, writeOutbox, type EventBus, type TypedEvent } from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger, MetricsService } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { eventsLogger } from './events-logger.js';

/**
 * The analysis service's transactional outbox (analysis.site-analyzed). Started with the
 * module; on shutdown it publishes what is left for a bounded time, then stops.
 */
@Injectable()
export class AnalysisOutbox implements OnModuleInit, OnApplicationShutdown {
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_BUS) bus: EventBus,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    logger: JsonLogger,
    metrics: MetricsService,
  ) {
    this.relay = new OutboxRelay({
      db,
      outbox: analysisOutbox,
      bus,
      pollIntervalMs: settings.relayPollIntervalMs,
      logger: eventsLogger(logger.forContext('AnalysisOutbox')),
    });
    const relay = this.relay;
    metrics.gauge({
      name: 'analysis_outbox_backlog',
      help: 'Analysis events committed but not yet published',
      async collect() {
        this.set(await relay.backlog().catch(() => -1));
      },
    });
  }

  async write(tx: Transaction, events: ReadonlyArray<TypedEvent<TopicName>>): Promise<void> {
    await writeOutbox(tx, analysisOutbox, events);
  }

  /** After a commit with events: publish now rather than at the next poll. */
  committed(): void {
    this.relay.poke();
  }

  onModuleInit(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    const deadline = Date.now() + this.settings.relayDrainTimeoutMs;
    while (Date.now() < deadline) {
      const { leader, consecutiveFailures } = this.relay.stats();
      if (!leader || consecutiveFailures > 0) break;
      if ((await this.relay.backlog().catch(() => 0)) === 0) break;
      this.relay.poke();
      await sleep(20);
    }
    await this.relay.stop();
  }
}
