import type { Database } from '@frenly/db';
import { sql } from 'drizzle-orm';

/** Row counts and balances of every ledger table, to show that a refused request wrote nothing. */
export async function ledgerSnapshot(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.execute(sql`
    select
      (select count(*) from ledger.accounts) as accounts,
      (select coalesce(sum(abs(balance)), 0) from ledger.accounts) as balances,
      (select count(*) from ledger.journal_transactions) as journal_transactions,
      (select count(*) from ledger.journal_entries) as journal_entries,
      (select count(*) from ledger.stakes) as stakes,
      (select count(*) from ledger.votes) as votes,
      (select coalesce(sum(version), 0) from ledger.site_stats) as site_versions,
      (select count(*) from ledger.outbox) as outbox,
      (select count(*) from ledger.idempotency_keys) as idempotency_keys`);
  return Object.fromEntries(
    Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]),
  );
}

/** The balance column of a user's account, straight from the table. */
export async function storedBalance(db: Database, userId: string): Promise<number | undefined> {
  const { rows } = await db.execute(
    sql`select balance from ledger.accounts where user_id = ${userId}`,
  );
  return rows[0] ? Number(rows[0].balance) : undefined;
}

/** The outbox rows of one topic, oldest first. */
export async function outboxEvents(
  db: Database,
  topic: string,
): Promise<Array<{ eventId: string; key: string; payload: Record<string, unknown> }>> {
  const { rows } = await db.execute(
    sql`select event_id, key, payload from ledger.outbox where topic = ${topic} order by seq`,
  );
  return rows.map((row) => ({
    eventId: String(row.event_id),
    key: String(row.key),
    payload: row.payload as Record<string, unknown>,
  }));
}
