import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Topics, type TopicName } from '@frenly/contracts';
import {
  describeError,
  subscribeToEvents,
  type BusEvent,
  type EventBus,
  type Subscription,
} from '@frenly/events';
import { EVENT_BUS, JsonLogger } from '@frenly/platform';
import { LiveFanoutService } from '../fanout/live-fanout.service.js';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, consumerGroupOf, type RealtimeSettings } from '../realtime.settings.js';
import { KAFKA_GROUPS, type KafkaGroupRepository } from './kafka-group.repository.js';

const TOPICS: readonly TopicName[] = [Topics.VoteCast, Topics.StakePlaced];

/**
 * ledger.vote-cast and ledger.stake-placed → every client of this instance. The consumer
 * group is this instance's own (`realtime.<instance id>`), so every instance receives every
 * event; it starts at the end of the topics (a new instance shows what happens from now on,
 * it does not replay history) and is deleted again when the instance stops.
 */
@Injectable()
export class LedgerEventsConsumer
  implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown
{
  private subscription?: Subscription;
  private lagTimer?: NodeJS.Timeout;
  private readonly group: string;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(REALTIME_SETTINGS) private readonly settings: RealtimeSettings,
    private readonly fanout: LiveFanoutService,
    private readonly metrics: RealtimeMetrics,
    @Inject(KAFKA_GROUPS) private readonly kafkaGroups: KafkaGroupRepository | null,
    logger: JsonLogger,
  ) {
    this.group = consumerGroupOf(settings);
    this.logger = logger.forContext('LedgerEventsConsumer');
  }

  get consumerGroup(): string {
    return this.group;
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeToEvents(this.bus, {
      group: this.group,
      fromBeginning: false,
      handlers: {
        [Topics.VoteCast]: async (event) =>
          this.handle(event, () => this.fanout.voteCast(event.payload)),
        [Topics.StakePlaced]: async (event) =>
          this.handle(event, () => this.fanout.stakePlaced(event.payload)),
      },
    });
    this.logger.info('consuming ledger events', { group: this.group, topics: TOPICS });
    if (this.kafkaGroups) {
      this.lagTimer = setInterval(() => void this.measureLag(), this.settings.lagRefreshMs);
      this.lagTimer.unref();
    }
  }

  /** Stops consuming (the consumer leaves its group). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.lagTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
  }

  /** Deletes the now empty group: Kafka would otherwise keep it until offsets retention expires it. */
  async onApplicationShutdown(): Promise<void> {
    if (!this.kafkaGroups) return;
    try {
      await this.kafkaGroups.deleteGroup(this.group);
      this.logger.info("deleted this instance's consumer group", { group: this.group });
    } catch (error) {
      this.logger.entry(
        'warn',
        'could not delete the consumer group; Kafka expires it after offsets.retention.minutes',
        {
          group: this.group,
          err: describeError(error),
        },
      );
    } finally {
      await this.kafkaGroups.close();
    }
  }

  private async handle(event: BusEvent<unknown>, deliver: () => unknown): Promise<void> {
    this.metrics.eventsConsumed.inc({ topic: event.topic });
    const createdAt = Date.parse(event.occurredAt);
    if (Number.isFinite(createdAt))
      this.metrics.consumerLagSeconds.set(Math.max(0, Date.now() - createdAt) / 1000);
    try {
      deliver();
    } catch (error) {
      // A retry would re-send to the clients that did get it, and block the partition: log and move on.
      this.logger.exception('fan-out failed; event skipped', error, {
        eventId: event.id,
        topic: event.topic,
      });
    }
    if (Number.isFinite(createdAt))
      this.metrics.fanoutDelay.observe(
        { topic: event.topic },
        Math.max(0, Date.now() - createdAt) / 1000,
      );
  }

  private async measureLag(): Promise<void> {
    try {
      this.metrics.consumerLagMessages.set(await this.kafkaGroups!.lag(this.group, TOPICS));
    } catch (error) {
      this.logger.entry('debug', 'could not measure the consumer lag', {
        err: describeError(error),
      });
    }
  }
}
