import { randomUUID } from 'node:crypto';
import { EventHeaders, TopicVersions, type EventPayloads, type TopicName } from '@frenly/contracts';
import type { BusEvent, DedupeStore, EventBus, Subscription } from './bus.js';

/** Header naming the payload's schema version (see `TopicVersions` in @frenly/contracts). */
export const SCHEMA_VERSION_HEADER = EventHeaders.SchemaVersion;

/** An event of a known topic, whose payload type follows from the topic. */
export type TypedEvent<T extends TopicName> = BusEvent<EventPayloads[T]> & { readonly topic: T };

/** A new event with a fresh UUID, the current time and the topic's schema version header. */
export function makeEvent<T extends TopicName>(
  topic: T,
  key: string | number,
  payload: EventPayloads[T],
  headers: Readonly<Record<string, string>> = {},
): TypedEvent<T> {
  return {
    id: randomUUID(),
    topic,
    key: String(key),
    payload,
    occurredAt: new Date().toISOString(),
    headers: { [SCHEMA_VERSION_HEADER]: String(TopicVersions[topic]), ...headers },
  };
}

/** One handler per topic; each receives exactly its topic's payload type. */
export type TopicHandlers = { readonly [T in TopicName]?: (event: TypedEvent<T>) => Promise<void> };

export interface SubscribeToEventsOptions {
  readonly group: string;
  readonly handlers: TopicHandlers;
  readonly dedupe?: DedupeStore;
  readonly fromBeginning?: boolean;
}

/** Subscribes one group to the topics of `handlers`, dispatching each event to its topic's handler. */
export function subscribeToEvents(
  bus: EventBus,
  options: SubscribeToEventsOptions,
): Promise<Subscription> {
  const topics = Object.keys(options.handlers) as TopicName[];
  return bus.subscribe({
    group: options.group,
    topics,
    dedupe: options.dedupe,
    fromBeginning: options.fromBeginning,
    handler: async (event) => {
      const handler = options.handlers[event.topic as TopicName] as
        ((event: BusEvent) => Promise<void>) | undefined;
      if (!handler)
        throw new Error(
          `group ${options.group} received ${event.topic}, which it has no handler for`,
        );
      await handler(event);
    },
  });
}
