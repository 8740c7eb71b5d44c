import { and, asc, eq, isNull } from 'drizzle-orm';
import { Topics, type SiteIndexedV1 } from '@frenly/contracts';
import { searchOutbox, type Transaction } from '@frenly/db';

/**
 * Deletes the unsent `search.site-indexed` rows of the outbox and returns their payloads, in
 * order. For a builder that applies them to every consumer's projection itself in the same
 * transaction (the embedded template build), so they are never delivered one by one.
 */
export async function withdrawUnsentSiteIndexed(tx: Transaction): Promise<SiteIndexedV1[]> {
  const unsent = and(eq(searchOutbox.topic, Topics.SiteIndexed), isNull(searchOutbox.publishedAt));
  const rows = await tx
    .select({ payload: searchOutbox.payload })
    .from(searchOutbox)
    .where(unsent)
    .orderBy(asc(searchOutbox.seq));
  await tx.delete(searchOutbox).where(unsent);
  return rows.map((row) => row.payload as SiteIndexedV1);
}
