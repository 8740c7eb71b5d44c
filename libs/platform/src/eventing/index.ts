export * from './on-bus-event.decorator.js';
export * from './event-payload-schemas.js';
export * from './event-consumers.js';
export * from './event-consumers.providers.js';
export * from './processed-events-pruner.js';
export * from './events-logger.js';
export * from './transactional-outbox.js';
