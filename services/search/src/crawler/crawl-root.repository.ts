import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { searchCrawlRoots, type CrawlRootStatus, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { DEMANDED_AT } from './crawl-demand.js';

export type CrawlRoot = typeof searchCrawlRoots.$inferSelect;

/** A root the frontier claimed; `demanded` when a search asked for it. */
export interface ClaimedRoot {
  readonly url: string;
  readonly demanded: boolean;
}

/** search.crawl_roots: the start URLs the crawler owns and their schedule. */
@Injectable()
export class CrawlRootRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Records a start URL (again): queued now, by this submitter if it is new. */
  async upsertQueued(url: string, host: string, submittedBy: string | null): Promise<CrawlRoot> {
    const [row] = await this.db
      .insert(searchCrawlRoots)
      .values({ url, host, submittedBy, status: 'queued' })
      .onConflictDoUpdate({
        target: searchCrawlRoots.url,
        set: {
          status: sql`case when ${searchCrawlRoots.status} = 'crawling' then 'crawling' else 'queued' end`,
        },
      })
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

  async finish(
    url: string,
    outcome: {
      status: Extract<CrawlRootStatus, 'done' | 'failed'>;
      pagesIndexed: number;
      lastError: string | null;
      crawledAt: Date;
      nextCrawlAt: Date;
    },
  ): Promise<void> {
    await this.db
      .update(searchCrawlRoots)
      .set({
        status: outcome.status,
        pagesIndexed: outcome.pagesIndexed,
        lastError: outcome.lastError,
        lastCrawledAt: outcome.crawledAt,
        nextCrawlAt: outcome.nextCrawlAt,
      })
      .where(eq(searchCrawlRoots.url, url));
  }

  async get(url: string): Promise<CrawlRoot | undefined> {
    const [row] = await this.db
      .select()
      .from(searchCrawlRoots)
      .where(eq(searchCrawlRoots.url, url))
      .limit(1);
    return row;
  }

  /** Roots whose next crawl is due, oldest first. */
  due(now: Date, limit: number): Promise<CrawlRoot[]> {
    return this.db
      .select()
      .from(searchCrawlRoots)
      .where(
        and(
          isNotNull(searchCrawlRoots.nextCrawlAt),
          lte(searchCrawlRoots.nextCrawlAt, now),
          ne(searchCrawlRoots.status, 'crawling'),
        ),
      )
      .orderBy(asc(searchCrawlRoots.nextCrawlAt))
      .limit(limit);
  }

  /**
   * Takes up to `limit` due roots (demanded first, then the longest overdue) and leases them
   * until `leaseUntil`: a root whose job is lost is due again then. SKIP LOCKED: frontiers of
   * several instances never take the same root.
   */
  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedRoot[]> {
    if (limit <= 0) return [];
    const rows = await this.db.execute<{ url: string; demanded: boolean }>(sql`
      with due as (
        select id, next_crawl_at from search.crawl_roots
        where next_crawl_at is not null and next_crawl_at <= ${now.toISOString()}::timestamptz and status <> 'crawling'
        order by next_crawl_at, id
        limit ${limit}
        for update skip locked
      )
      update search.crawl_roots r set status = 'queued', next_crawl_at = ${leaseUntil.toISOString()}::timestamptz
      from due where r.id = due.id
      returning r.url, due.next_crawl_at = ${DEMANDED_AT.toISOString()}::timestamptz as demanded`);
    return rows.rows.map((row) => ({ url: row.url, demanded: row.demanded === true }));
  }

  /**
   * Catalogue sites never crawled nor analysed and not yet roots become roots due now (best
   * static rank first): the seeded catalogue is how most sites enter the frontier.
   */
  async admitUncrawled(now: Date, limit: number): Promise<number> {
    const result = await this.db.execute<{ url: string }>(sql`
      insert into search.crawl_roots (url, host, status, next_crawl_at)
      select s.url, substring(s.url from '^[a-z]+://([^/?#]+)'), 'done', ${now.toISOString()}::timestamptz
      from search.sites s
      where s.analyzed_at is null and s.crawled_at is null
        and not exists (select 1 from search.crawl_roots r where r.url = s.url)
      order by s.static_rank desc nulls last, s.id
      limit ${limit}
      on conflict (url) do nothing
      returning url`);
    return result.rows.length;
  }

  /**
   * A search showed these sites without insights: each becomes due first, unless its crawl
   * is running or queued or it was crawled within `retryAfterMs` (search.demand_crawl_roots,
   * migration 0021, says how). A search reads the roots' states with its results
   * (search.ranked_page).
   */
  async demand(urls: readonly string[], now: Date, retryAfterMs: number): Promise<void> {
    if (urls.length === 0) return;
    const recent = new Date(now.getTime() - retryAfterMs).toISOString();
    const hosts = urls.map((url) => new URL(url).host);
    await this.db.execute(
      sql`select search.demand_crawl_roots(${sql.param(urls)}::text[], ${sql.param(hosts)}::text[], ${DEMANDED_AT.toISOString()}::timestamptz, ${recent}::timestamptz)`,
    );
  }

  /** A queued crawl that did not run (the web is out of reach): due again now, demanded or not. */
  async release(url: string, now: Date, demanded: boolean): Promise<void> {
    await this.db
      .update(searchCrawlRoots)
      .set({ status: 'done', nextCrawlAt: demanded ? DEMANDED_AT : now })
      .where(and(eq(searchCrawlRoots.url, url), ne(searchCrawlRoots.status, 'crawling')));
  }

  /** Roots waiting for a crawl now (due or queued): the work ahead of a newly demanded site. */
  async countWaiting(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(searchCrawlRoots)
      .where(
        sql`${searchCrawlRoots.status} = 'queued' or (${searchCrawlRoots.nextCrawlAt} <= ${now.toISOString()}::timestamptz and ${searchCrawlRoots.status} <> 'crawling')`,
      );
    return Number(row?.n ?? 0);
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
