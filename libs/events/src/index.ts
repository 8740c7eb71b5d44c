export type {
  BusEvent,
  DedupeStore,
  EventBus,
  EventHandler,
  SubscribeOptions,
  Subscription,
} from './bus.js';
export { backoffDelay, sleep, type BackoffOptions } from './backoff.js';
export { createEventBus, type CreateEventBusOptions } from './create-event-bus.js';
export { MemoryDedupeStore, type MemoryDedupeStoreOptions } from './dedupe/memory-dedupe-store.js';
export {
  handleOnce,
  pruneProcessedEvents,
  type ProcessedEventsTable,
} from './dedupe/processed-events.js';
export {
  InProcessEventBus,
  type InProcessEventBusOptions,
} from './in-process/in-process-event-bus.js';
export { KafkaEventBus, type KafkaEventBusOptions } from './kafka/kafka-event-bus.js';
export { EVENT_ID_HEADER, OCCURRED_AT_HEADER } from './kafka/kafka-message-codec.js';
export { describeError, silentLogger, stderrLogger, type EventsLogger } from './logger.js';
export {
  OutboxRelay,
  type OutboxRelayOptions,
  type OutboxRelayStats,
} from './outbox/outbox-relay.js';
export {
  AdvisoryRelayLock,
  InProcessRelayLock,
  relayLockFor,
  type RelayLock,
} from './outbox/relay-lock.js';
export { writeOutbox, type OutboxEventInput, type OutboxTable } from './outbox/write-outbox.js';
export {
  makeEvent,
  SCHEMA_VERSION_HEADER,
  subscribeToEvents,
  type SubscribeToEventsOptions,
  type TopicHandlers,
  type TypedEvent,
} from './typed-events.js';
