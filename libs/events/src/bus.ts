/**
 * The event-bus port. Services publish and subscribe through this interface only;
 * the adapter (Kafka or in-process) is chosen by configuration at the composition root.
 */

/** One event as it travels on the bus. `id` is unique per event and is the de-duplication key. */
export interface BusEvent<P = unknown> {
  readonly id: string;
  readonly topic: string;
  /** Partitioning key: events with the same key are delivered in publish order. */
  readonly key: string;
  readonly payload: P;
  /** ISO timestamp of when the event was created (not when it was delivered). */
  readonly occurredAt: string;
  /** Free-form string headers, e.g. `request-id`, `schema-version`. */
  readonly headers: Readonly<Record<string, string>>;
}

export type EventHandler<P = unknown> = (event: BusEvent<P>) => Promise<void>;

export interface SubscribeOptions<P = unknown> {
  /** Consumer group: every group receives every event; members of one group share them. */
  readonly group: string;
  readonly topics: readonly string[];
  readonly handler: EventHandler<P>;
  /**
   * Where handled event ids are remembered, so a redelivered id reaches the handler once.
   * Defaults to an in-memory store per subscription.
   */
  readonly dedupe?: DedupeStore;
  /** Start from the earliest retained event when the group is new (default true). */
  readonly fromBeginning?: boolean;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventBus {
  /**
   * False when accepted events live only in this process's memory (the in-process bus): a crash
   * can lose events that were accepted but not yet handled, so the outbox relay replays its
   * recent window at start (consumers de-duplicate by id). Absent means durable.
   */
  readonly durable?: boolean;
  /** Resolves once every event is accepted by the bus (durably, for Kafka). Order within a call is kept per key. */
  publish(events: readonly BusEvent[]): Promise<void>;
  subscribe<P = unknown>(options: SubscribeOptions<P>): Promise<Subscription>;
  /** Throws when the bus cannot be used; used by /health/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Remembers which event ids a consumer group has handled. `runOnce` runs `work` only if the
 * id is new for the group, and records it only if `work` succeeds.
 */
export interface DedupeStore {
  runOnce(
    group: string,
    eventId: string,
    work: () => Promise<void>,
  ): Promise<'handled' | 'duplicate'>;
}
