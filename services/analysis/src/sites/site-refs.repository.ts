import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { SiteIndexedV1 } from '@frenly/contracts';
import { analysisSiteRefs, type Database, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

export type SiteRef = typeof analysisSiteRefs.$inferSelect;

/** analysis.site_refs: the catalogue's site ids by canonical URL, learnt from events. */
@Injectable()
export class SiteRefsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Records (or refreshes) a site id, from a `search.site-indexed` event or the catalogue's
   * direct answer (the same fields); an older one never overwrites a newer one.
   */
  async learn(tx: Transaction, url: string, event: SiteIndexedV1): Promise<void> {
    await this.upsert(tx, url, event);
  }

  /** learn() outside a transaction: the catalogue's answer to the analyze request. */
  async remember(url: string, site: SiteIndexedV1): Promise<void> {
    await this.upsert(this.db, url, site);
  }

  private async upsert(
    executor: Database | Transaction,
    url: string,
    event: SiteIndexedV1,
  ): Promise<void> {
    await executor
      .insert(analysisSiteRefs)
      .values({
        url,
        siteId: event.siteId,
        domain: event.domain,
        title: event.title,
        indexedAt: new Date(event.indexedAt),
      })
      .onConflictDoUpdate({
        target: analysisSiteRefs.url,
        set: {
          siteId: event.siteId,
          domain: event.domain,
          title: event.title,
          indexedAt: new Date(event.indexedAt),
        },
        setWhere: sql`${analysisSiteRefs.indexedAt} <= excluded.indexed_at`,
      });
  }

  async siteIdOf(url: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ siteId: analysisSiteRefs.siteId })
      .from(analysisSiteRefs)
      .where(eq(analysisSiteRefs.url, url))
      .limit(1);
    return row?.siteId;
  }

  async urlsOf(siteId: number): Promise<string[]> {
    const rows = await this.db
      .select({ url: analysisSiteRefs.url })
      .from(analysisSiteRefs)
      .where(eq(analysisSiteRefs.siteId, siteId));
    return rows.map((row) => row.url);
  }
}
