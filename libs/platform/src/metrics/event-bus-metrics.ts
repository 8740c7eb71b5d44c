import type { BusEvent, EventBus, SubscribeOptions, Subscription } from '@frenly/events';
import type { MetricsService } from './metrics.service.js';
import { withTimeout } from './with-timeout.js';

/** A bus that can say how far a consumer group is behind (the Kafka bus). */
interface LagReporter {
  consumerLag(group: string, topics: readonly string[], fromBeginning?: boolean): Promise<number>;
}

const hasLag = (bus: EventBus): bus is EventBus & LagReporter =>
  typeof (bus as Partial<LagReporter>).consumerLag === 'function';

// A scrape must answer even while the broker does not.
const LAG_SAMPLE_TIMEOUT_MS = 2_000;

/**
 * The bus, measured: events published and consumed, handler failures, the age of the last
 * consumed event, and (Kafka) each group's lag in messages, sampled at scrape time.
 * Everything else passes through unchanged.
 */
export function instrumentEventBus(bus: EventBus, metrics: MetricsService): EventBus {
  const published = metrics.counter({
    name: 'events_published_total',
    help: 'Events accepted by the bus, by topic',
    labelNames: ['topic'],
  });
  const consumed = metrics.counter({
    name: 'events_consumed_total',
    help: 'Events handled by a consumer group, by group and topic',
    labelNames: ['group', 'topic'],
  });
  const failures = metrics.counter({
    name: 'events_handler_failures_total',
    help: 'Handler attempts that failed (the event is retried), by group and topic',
    labelNames: ['group', 'topic'],
  });
  const ageSeconds = metrics.gauge({
    name: 'events_consumer_lag_seconds',
    help: 'Age of the last event a group handled when it handled it (created -> handled), by group and topic',
    labelNames: ['group', 'topic'],
  });
  const groups = new Map<string, { topics: readonly string[]; fromBeginning: boolean }>();
  if (hasLag(bus)) {
    metrics.gauge({
      name: 'events_consumer_lag_messages',
      help: "Events on Kafka past a consumer group's committed offsets, by group (sampled at scrape)",
      labelNames: ['group'],
      async collect() {
        await Promise.all(
          [...groups].map(async ([group, { topics, fromBeginning }]) => {
            const lag = await withTimeout(
              bus.consumerLag(group, topics, fromBeginning),
              LAG_SAMPLE_TIMEOUT_MS,
            ).catch(() => undefined);
            // Unknown (broker down): keep the last sample rather than fail the whole scrape.
            if (lag !== undefined) this.set({ group }, lag);
          }),
        );
      },
    });
  }

  return {
    get durable() {
      return bus.durable;
    },
    async publish(events: readonly BusEvent[]): Promise<void> {
      await bus.publish(events);
      for (const event of events) published.inc({ topic: event.topic });
    },
    async subscribe<P>(options: SubscribeOptions<P>): Promise<Subscription> {
      const { group } = options;
      const subscription = await bus.subscribe<P>({
        ...options,
        handler: async (event) => {
          try {
            await options.handler(event);
          } catch (error) {
            failures.inc({ group, topic: event.topic });
            throw error;
          }
          consumed.inc({ group, topic: event.topic });
          const createdAt = Date.parse(event.occurredAt);
          if (Number.isFinite(createdAt))
            ageSeconds.set(
              { group, topic: event.topic },
              Math.max(0, Date.now() - createdAt) / 1000,
            );
        },
      });
      groups.set(group, { topics: options.topics, fromBeginning: options.fromBeginning ?? true });
      return {
        close: async () => {
          groups.delete(group);
          await subscription.close();
        },
      };
    },
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}
