import {
  Inject,
  Injectable,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Database } from '@frenly/db';
import { pruneProcessedEvents } from '@frenly/events';
import { DATABASE } from '../infra/tokens.js';
import { JsonLogger } from '../logging/json-logger.js';
import { EVENT_CONSUMERS_OPTIONS, type EventConsumersOptions } from './event-consumers.js';

/**
 * A mark only has to outlive every redelivery of its event: a group reset to the earliest
 * retained event replays up to the broker's retention (Kafka's default: 7 days), so the marks
 * are kept a day longer.
 */
export const DEFAULT_PROCESSED_EVENTS_RETENTION_MS = 8 * 24 * 3600_000;
export const DEFAULT_PROCESSED_EVENTS_PRUNE_EVERY_MS = 3600_000;

/**
 * Deletes a module's processed-events marks once they are older than the retention: at start
 * (in the background) and then every `pruneEveryMs`, so the table does not grow for ever.
 * Several instances may prune at once; the delete is the same for each.
 */
@Injectable()
export class ProcessedEventsPruner implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger: JsonLogger;
  private timer?: NodeJS.Timeout;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(EVENT_CONSUMERS_OPTIONS) private readonly options: EventConsumersOptions,
    logger: JsonLogger,
    @Optional() @Inject(DATABASE) private readonly db?: Database,
  ) {
    this.logger = logger.forContext('ProcessedEventsPruner');
  }

  get retentionMs(): number {
    return this.options.processedEventsRetentionMs ?? DEFAULT_PROCESSED_EVENTS_RETENTION_MS;
  }

  onModuleInit(): void {
    void this.prune();
    const every =
      this.options.pruneProcessedEventsEveryMs ?? DEFAULT_PROCESSED_EVENTS_PRUNE_EVERY_MS;
    this.timer = setInterval(() => void this.prune(), every);
    this.timer.unref();
  }

  /** Deletes the marks older than the retention; resolves to how many (0 when it failed: logged). */
  prune(): Promise<number> {
    const { db } = this;
    const table = this.options.processedEvents;
    if (!db || !table) return Promise.resolve(0);
    // One prune at a time: a slow delete is not started again over itself.
    this.running = this.running.then(async () => {
      try {
        const deleted = await pruneProcessedEvents(
          db,
          table,
          new Date(Date.now() - this.retentionMs),
        );
        if (deleted > 0) this.logger.entry('debug', 'processed-events marks pruned', { deleted });
        return deleted;
      } catch (error) {
        this.logger.exception('could not prune processed-events marks; will retry', error);
        return 0;
      }
    });
    return this.running;
  }

  /** Before the database closes: no new prune, and the one under way finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
