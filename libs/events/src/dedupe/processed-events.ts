import { and, eq, lt } from 'drizzle-orm';
import type { Database, Transaction, defineProcessedEvents } from '@frenly/db';
import type { BusEvent, DedupeStore } from '../bus.js';

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

/**
 * A `DedupeStore` on `processed_events` for handlers whose effects live outside this database
 * (e.g. pushing to websockets): check, run, then mark. Not atomic with the work — a crash
 * between the two re-runs it — which is the best possible without a shared transaction.
 * Handlers that write to the database use `handleOnce` instead.
 */
export class ProcessedEventsDedupeStore implements DedupeStore {
  // Same id at once: the second call runs after the first and then finds its mark.
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly table: ProcessedEventsTable,
  ) {}

  async runOnce(
    group: string,
    eventId: string,
    work: () => Promise<void>,
  ): Promise<'handled' | 'duplicate'> {
    assertUuid(eventId);
    const key = `${group}\u0000${eventId}`;
    const previous = this.inFlight.get(key);
    const run = (async (): Promise<'handled' | 'duplicate'> => {
      if (previous) await previous.catch(() => undefined);
      if (await this.isHandled(group, eventId)) return 'duplicate';
      await work();
      await this.db
        .insert(this.table)
        .values({ consumerGroup: group, eventId })
        .onConflictDoNothing();
      return 'handled';
    })();
    this.inFlight.set(key, run);
    try {
      return await run;
    } finally {
      if (this.inFlight.get(key) === run) this.inFlight.delete(key);
    }
  }

  private async isHandled(group: string, eventId: string): Promise<boolean> {
    const rows = await this.db
      .select({ eventId: this.table.eventId })
      .from(this.table)
      .where(and(eq(this.table.consumerGroup, group), eq(this.table.eventId, eventId)))
      .limit(1);
    return rows.length > 0;
  }
}
