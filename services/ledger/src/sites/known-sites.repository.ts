import { Inject, Injectable } from '@nestjs/common';
import { knownSites, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';

export interface KnownSiteInput {
  readonly siteId: number;
  readonly url: string;
  readonly domain: string;
  readonly title: string;
  readonly indexedAt: Date;
}

/** ledger.known_sites: the sites the ledger has heard of from the search service. */
@Injectable()
export class KnownSitesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Inserts the site, or refreshes it unless the stored data is newer (events may arrive late). */
  async upsert(tx: Executor, site: KnownSiteInput): Promise<void> {
    await tx
      .insert(knownSites)
      .values({
        siteId: site.siteId,
        url: site.url,
        domain: site.domain,
        title: site.title,
        indexedAt: site.indexedAt,
      })
      .onConflictDoUpdate({
        target: knownSites.siteId,
        set: {
          url: sql`excluded.url`,
          domain: sql`excluded.domain`,
          title: sql`excluded.title`,
          indexedAt: sql`excluded.indexed_at`,
        },
        setWhere: sql`${knownSites.indexedAt} <= excluded.indexed_at`,
      });
  }

  async exists(siteId: number, executor: Executor = this.db): Promise<boolean> {
    const rows = await executor
      .select({ siteId: knownSites.siteId })
      .from(knownSites)
      .where(eq(knownSites.siteId, siteId))
      .limit(1);
    return rows.length > 0;
  }
}
