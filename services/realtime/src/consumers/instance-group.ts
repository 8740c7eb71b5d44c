import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { describeError } from '@frenly/events';
import { EventConsumers, JsonLogger } from '@frenly/platform';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, consumerGroupOf, type RealtimeSettings } from '../realtime.settings.js';
import { KAFKA_GROUPS, type KafkaGroupRepository } from './kafka-group.repository.js';

/**
 * The Kafka side of this instance's own consumer group: its lag, measured every
 * `lagRefreshMs`, and its deletion once the instance stops (a per-instance group is never
 * joined again; Kafka would otherwise keep it until offsets retention expires it). Nothing to
 * do on the in-process bus.
 */
@Injectable()
export class InstanceGroup implements OnModuleInit, OnApplicationShutdown {
  private readonly group: string;
  private readonly logger: JsonLogger;
  private lagTimer?: NodeJS.Timeout;

  constructor(
    @Inject(REALTIME_SETTINGS) private readonly settings: RealtimeSettings,
    @Inject(KAFKA_GROUPS) private readonly kafkaGroups: KafkaGroupRepository | null,
    private readonly consumers: EventConsumers,
    private readonly metrics: RealtimeMetrics,
    logger: JsonLogger,
  ) {
    this.group = consumerGroupOf(settings);
    this.logger = logger.forContext('InstanceGroup');
  }

  onModuleInit(): void {
    if (!this.kafkaGroups) return;
    this.lagTimer = setInterval(() => void this.measureLag(), this.settings.lagRefreshMs);
    this.lagTimer.unref();
  }

  /** Runs after EventConsumers closed the group's subscription (before application shutdown). */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.lagTimer);
    if (!this.kafkaGroups) return;
    try {
      await this.kafkaGroups.deleteGroup(this.group);
      this.logger.info("deleted this instance's consumer group", { group: this.group });
    } catch (error) {
      this.logger.entry(
        'warn',
        'could not delete the consumer group; Kafka expires it after offsets.retention.minutes',
        { group: this.group, err: describeError(error) },
      );
    } finally {
      await this.kafkaGroups.close();
    }
  }

  private async measureLag(): Promise<void> {
    const topics = this.consumers.groups.find(({ group }) => group === this.group)?.topics ?? [];
    try {
      this.metrics.consumerLagMessages.set(await this.kafkaGroups!.lag(this.group, topics));
    } catch (error) {
      this.logger.entry('debug', 'could not measure the consumer lag', {
        err: describeError(error),
      });
    }
  }
}
