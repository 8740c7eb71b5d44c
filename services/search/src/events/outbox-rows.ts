import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '@frenly/db';
import type { OutboxEventInput } from '@frenly/events';

/**
 * writeOutbox (from @frenly/events) for large batches: the same rows in search.outbox, but
 * sent as one JSON parameter. Thousands of bound parameters cost seconds on PGlite, which
 * matters for the seed load (one event per site) on the embedded cold start.
 */
export async function writeOutboxRows(
  tx: Transaction | Database,
  events: readonly OutboxEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    event_id: event.id ?? randomUUID(),
    topic: event.topic,
    key: event.key,
    payload: event.payload,
    headers: { ...event.headers },
    // created_at doubles as the event's occurredAt when the relay reads the row back.
    created_at: event.occurredAt ?? new Date().toISOString(),
  }));
  await tx.execute(sql`
    insert into search.outbox (event_id, topic, key, payload, headers, created_at)
    select event_id, topic, key, payload, headers, created_at
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as x(event_id uuid, topic text, key text, payload jsonb, headers jsonb, created_at timestamptz)`);
}
