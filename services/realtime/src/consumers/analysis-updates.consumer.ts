import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import {
  describeError,
  subscribeToEvents,
  type EventBus,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { EVENT_BUS, JsonLogger } from '@frenly/platform';
import { ClientRegistry } from '../connections/client-registry.js';
import { analysisUpdateOf } from '../fanout/analysis-update.js';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, consumerGroupOf, type RealtimeSettings } from '../realtime.settings.js';
import { KAFKA_GROUPS, type KafkaGroupRepository } from './kafka-group.repository.js';

/**
 * analysis.site-analyzed with a finished browser tier → `analysis_update` to every client of this
 * instance; a screen showing that analysis fetches the richer report. Like the ledger events:
 * this instance's own group, starting at the end of the topic, deleted when the instance stops.
 */
@Injectable()
export class AnalysisUpdatesConsumer implements OnModuleInit, BeforeApplicationShutdown {
  private subscription?: Subscription;
  private readonly group: string;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(REALTIME_SETTINGS) settings: RealtimeSettings,
    private readonly registry: ClientRegistry,
    private readonly metrics: RealtimeMetrics,
    @Inject(KAFKA_GROUPS) private readonly kafkaGroups: KafkaGroupRepository | null,
    logger: JsonLogger,
  ) {
    this.group = `${consumerGroupOf(settings)}.analysis-updates`;
    this.logger = logger.forContext('AnalysisUpdatesConsumer');
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeToEvents(this.bus, {
      group: this.group,
      fromBeginning: false,
      handlers: {
        [Topics.SiteAnalyzed]: async (event) => {
          this.handle(event);
        },
      },
    });
  }

  /** Sends the update; returns how many clients got it (undefined: nothing a screen waits for). */
  handle(event: TypedEvent<typeof Topics.SiteAnalyzed>): number | undefined {
    const message = analysisUpdateOf(event.payload);
    if (!message) return undefined;
    this.metrics.eventsConsumed.inc({ topic: event.topic });
    const { sent } = this.registry.broadcast(Buffer.from(JSON.stringify(message)));
    if (sent > 0) this.metrics.messagesSent.inc({ type: message.type }, sent);
    return sent;
  }

  /** Leaves, then deletes this instance's group (before the ledger consumer closes the shared admin client). */
  async beforeApplicationShutdown(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
    await this.kafkaGroups?.deleteGroup(this.group).catch((error: unknown) => {
      this.logger.entry(
        'warn',
        'could not delete the analysis-updates consumer group; Kafka expires it',
        {
          group: this.group,
          err: describeError(error),
        },
      );
    });
  }
}
