import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { searchCrawlRoots, type CrawlRootStatus, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

export type CrawlRoot = typeof searchCrawlRoots.$inferSelect;

/** search.crawl_roots: the start URLs the crawler owns and their schedule. */
@Injectable()
export class CrawlRootRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Records a start URL (again): queued now, by this submitter if it is new. */
  async upsertQueued(url: string, host: string, submittedBy: string | null): Promise<CrawlRoot> {
    const [row] = await this.db
      .insert(searchCrawlRoots)
      .values({ url, host, submittedBy, status: 'queued' })
      .onConflictDoUpdate({ target: searchCrawlRoots.url, set: { status: sql`case when ${searchCrawlRoots.status} = 'crawling' then 'crawling' else 'queued' end` } })
      .returning();
    if (!row) throw new Error(`crawl root ${url} was not recorded`);
    return row;
  }

  async markCrawling(url: string, host: string): Promise<void> {
    await this.db
      .insert(searchCrawlRoots)
      .values({ url, host, status: 'crawling' })
      .onConflictDoUpdate({ target: searchCrawlRoots.url, set: { status: 'crawling' } });
  }

  async finish(url: string, outcome: { status: Extract<CrawlRootStatus, 'done' | 'failed'>; pagesIndexed: number; lastError: string | null; crawledAt: Date; nextCrawlAt: Date }): Promise<void> {
    await this.db
      .update(searchCrawlRoots)
      .set({ status: outcome.status, pagesIndexed: outcome.pagesIndexed, lastError: outcome.lastError, lastCrawledAt: outcome.crawledAt, nextCrawlAt: outcome.nextCrawlAt })
      .where(eq(searchCrawlRoots.url, url));
  }

  async get(url: string): Promise<CrawlRoot | undefined> {
    const [row] = await this.db.select().from(searchCrawlRoots).where(eq(searchCrawlRoots.url, url)).limit(1);
    return row;
  }

  /** Roots whose next crawl is due, oldest first. */
  due(now: Date, limit: number): Promise<CrawlRoot[]> {
    return this.db
      .select()
      .from(searchCrawlRoots)
      .where(and(isNotNull(searchCrawlRoots.nextCrawlAt), lte(searchCrawlRoots.nextCrawlAt, now), ne(searchCrawlRoots.status, 'crawling')))
      .orderBy(asc(searchCrawlRoots.nextCrawlAt))
      .limit(limit);
  }

  /** Submissions by one user since `since`. */
  async countSubmittedSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(searchCrawlRoots)
      .where(and(eq(searchCrawlRoots.submittedBy, userId), gte(searchCrawlRoots.createdAt, since)));
    return Number(row?.n ?? 0);
  }
}
