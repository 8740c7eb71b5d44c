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
import { siteInsightsUpdateOf } from '../fanout/site-insights-update.js';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, consumerGroupOf, type RealtimeSettings } from '../realtime.settings.js';
import { KAFKA_GROUPS, type KafkaGroupRepository } from './kafka-group.repository.js';

/**
 * analysis.site-analyzed → `site_insights_update` to every client of this instance, so a card
 * on screen shows an analysis the moment it lands. Like the ledger events: this instance's own
 * group, starting at the end of the topic, deleted when the instance stops.
 */
@Injectable()
export class SiteInsightsConsumer implements OnModuleInit, BeforeApplicationShutdown {
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
    this.group = `${consumerGroupOf(settings)}.insights`;
    this.logger = logger.forContext('SiteInsightsConsumer');
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

  /** Sends the update; returns how many clients got it (undefined: the event was not fit to show). */
  handle(event: TypedEvent<typeof Topics.SiteAnalyzed>): number | undefined {
    this.metrics.eventsConsumed.inc({ topic: event.topic });
    const message = siteInsightsUpdateOf(event.payload);
    if (!message) {
      // A retry cannot fix it and a client must never see it: skip it.
      this.logger.entry('warn', 'skipping an analysis event unfit for a card', {
        eventId: event.id,
      });
      return undefined;
    }
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
      this.logger.entry('warn', 'could not delete the insights consumer group; Kafka expires it', {
        group: this.group,
        err: describeError(error),
      });
    });
  }
}
