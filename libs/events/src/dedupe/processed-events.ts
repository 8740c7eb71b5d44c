import { lt } from 'drizzle-orm';
import type { Database, Transaction, defineProcessedEvents } from '@frenly/db';
import type { BusEvent } from '../bus.js';

/** A service schema's `processed_events` table (e.g. `ledgerProcessedEvents` from @frenly/db). */
export type ProcessedEventsTable = ReturnType<typeof defineProcessedEvents>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertUuid(eventId: string): void {
  // The column is a uuid: fail with a message that names the cause rather than a cast error.
  if (!UUID.test(eventId))
    throw new Error(`event id "${eventId}" is not a UUID; processed_events stores UUIDs`);
}

/**
 * Runs `work` for an event at most once per consumer group, atomically with the dedupe mark:
 * one transaction inserts (group, event id) into `processed_events` (on conflict do nothing)
 * and runs `work(tx)`. A duplicate commits nothing; a failing `work` rolls the mark back too,
 * so the redelivered event is handled again. `work` must do its writes through `tx`.
 */
export async function handleOnce(
  db: Database,
  table: ProcessedEventsTable,
  group: string,
  event: Pick<BusEvent, 'id'>,
  work: (tx: Transaction) => Promise<void>,
): Promise<'handled' | 'duplicate'> {
  assertUuid(event.id);
  return db.transaction(async (tx) => {
    // A concurrent transaction marking the same id makes this insert wait for its outcome.
    const marked = await tx
      .insert(table)
      .values({ consumerGroup: group, eventId: event.id })
      .onConflictDoNothing()
      .returning({ eventId: table.eventId });
    if (marked.length === 0) return 'duplicate';
    await work(tx);
    return 'handled';
  });
}

/** Deletes dedupe marks older than `before` (they only need to outlive redelivery windows). */
export async function pruneProcessedEvents(
  db: Database,
  table: ProcessedEventsTable,
  before: Date,
): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(lt(table.processedAt, before))
    .returning({ eventId: table.eventId });
  return deleted.length;
}
