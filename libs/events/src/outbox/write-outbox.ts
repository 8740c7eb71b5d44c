import { randomUUID } from 'node:crypto';
import type { Database, Transaction, defineOutbox } from '@frenly/db';
import type { BusEvent } from '../bus.js';

/** A service schema's `outbox` table (e.g. `ledgerOutbox` from @frenly/db). */
export type OutboxTable = ReturnType<typeof defineOutbox>;

/** An event to write; `id` and `occurredAt` are generated when absent (a `BusEvent` fits as is). */
export interface OutboxEventInput<P = unknown> {
  readonly id?: string;
  readonly topic: string;
  readonly key: string;
  readonly payload: P;
  readonly headers?: Readonly<Record<string, string>>;
  readonly occurredAt?: string;
}

/**
 * Inserts events into the outbox. Call it inside the service's own `db.transaction` with the
 * state change the events describe: both commit or neither does, and the relay publishes them.
 * Returns the events as they will be published.
 */
export async function writeOutbox(
  tx: Transaction | Database,
  outbox: OutboxTable,
  events: readonly OutboxEventInput[],
): Promise<BusEvent[]> {
  if (events.length === 0) return [];
  const written: BusEvent[] = events.map((event) => ({
    id: event.id ?? randomUUID(),
    topic: event.topic,
    key: event.key,
    payload: event.payload,
    headers: { ...event.headers },
    occurredAt: event.occurredAt ?? new Date().toISOString(),
  }));
  await tx.insert(outbox).values(
    written.map((event) => ({
      eventId: event.id,
      topic: event.topic,
      key: event.key,
      payload: event.payload,
      headers: { ...event.headers },
      // created_at doubles as the event's occurredAt when the relay reads the row back.
      createdAt: new Date(event.occurredAt),
    })),
  );
  return written;
}
