/**
 * Headers every event carries on Kafka, beside its key and JSON value. Consumers outside
 * Frenly read these (see docs/event-stream.md), so the names are part of the contract.
 */
export const EventHeaders = {
  /** Unique per event (UUID): the de-duplication key; a redelivery carries the same id. */
  EventId: 'frenly-event-id',
  /** ISO 8601 time the event was created (the state change committed), not when it was delivered. */
  OccurredAt: 'frenly-occurred-at',
  /** Major version of the payload schema (`TopicVersions`), as a decimal string. */
  SchemaVersion: 'schema-version',
  /** The X-Request-Id of the HTTP request that caused the event; absent for background work. */
  RequestId: 'request-id',
} as const;

export type EventHeaderName = (typeof EventHeaders)[keyof typeof EventHeaders];
