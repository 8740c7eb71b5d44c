import type { EventBus } from './bus.js';
import {
  InProcessEventBus,
  type InProcessEventBusOptions,
} from './in-process/in-process-event-bus.js';
import { KafkaEventBus, type KafkaEventBusOptions } from './kafka/kafka-event-bus.js';
import type { EventsLogger } from './logger.js';

export interface CreateEventBusOptions {
  /** Kafka brokers (`host:port`); none means the in-process bus of the embedded runtime. */
  readonly kafkaBrokers?: readonly string[];
  /** Identifies this service to Kafka (logs, quotas). */
  readonly clientId: string;
  /** Kafka only: prefix of every topic and group on the broker (see KafkaEventBusOptions.namespace). */
  readonly namespace?: string;
  readonly logger?: EventsLogger;
  /** Extra settings for the Kafka adapter. */
  readonly kafka?: Omit<KafkaEventBusOptions, 'brokers' | 'clientId' | 'logger'>;
  /** Extra settings for the in-process adapter. */
  readonly inProcess?: Omit<InProcessEventBusOptions, 'logger'>;
}

/** The composition root's one call: Kafka when brokers are configured, in-process otherwise. */
export function createEventBus(options: CreateEventBusOptions): EventBus {
  const brokers = (options.kafkaBrokers ?? []).filter((b) => b.trim() !== '');
  if (brokers.length > 0) {
    return new KafkaEventBus({
      ...options.kafka,
      brokers,
      clientId: options.clientId,
      namespace: options.namespace,
      logger: options.logger,
    });
  }
  return new InProcessEventBus({ ...options.inProcess, logger: options.logger });
}
