import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import type { BusEvent, TypedEvent } from '@frenly/events';
import { JsonLogger, OnBusEvent } from '@frenly/platform';
import { LiveFanoutService } from '../fanout/live-fanout.service.js';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, consumerGroupOf, type RealtimeSettings } from '../realtime.settings.js';

const instanceGroup = (consumer: LiveEventsConsumer): string => consumer.group;

/**
 * Votes, stakes and analyses → every client of this instance. The consumer group is this
 * instance's own (`realtime.<instance id>`), so every instance receives every event; it starts
 * at the newest event (a new instance shows what happens from now on, it does not replay
 * history), and InstanceGroup deletes it when the instance stops.
 */
@Injectable()
export class LiveEventsConsumer {
  readonly group: string;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(REALTIME_SETTINGS) settings: RealtimeSettings,
    private readonly fanout: LiveFanoutService,
    private readonly metrics: RealtimeMetrics,
    logger: JsonLogger,
  ) {
    this.group = consumerGroupOf(settings);
    this.logger = logger.forContext('LiveEventsConsumer');
  }

  @OnBusEvent({ topic: Topics.VoteCast, group: instanceGroup, start: 'newest' })
  onVoteCast(event: TypedEvent<typeof Topics.VoteCast>): void {
    this.deliver(event, () => this.fanout.voteCast(event.payload));
  }

  @OnBusEvent({ topic: Topics.StakePlaced, group: instanceGroup, start: 'newest' })
  onStakePlaced(event: TypedEvent<typeof Topics.StakePlaced>): void {
    this.deliver(event, () => this.fanout.stakePlaced(event.payload));
  }

  @OnBusEvent({ topic: Topics.SiteAnalyzed, group: instanceGroup, start: 'newest' })
  onSiteAnalyzed(event: TypedEvent<typeof Topics.SiteAnalyzed>): void {
    this.deliver(event, () => this.fanout.siteAnalyzed(event.payload));
  }

  private deliver(event: BusEvent, fanOut: () => unknown): void {
    this.metrics.eventsConsumed.inc({ topic: event.topic });
    const createdAt = Date.parse(event.occurredAt);
    if (Number.isFinite(createdAt))
      this.metrics.consumerLagSeconds.set(Math.max(0, Date.now() - createdAt) / 1000);
    try {
      fanOut();
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
}
