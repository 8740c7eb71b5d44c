import { Inject, Injectable } from '@nestjs/common';
import { lt, sql } from 'drizzle-orm';
import { searchQueryVisitors, type Database, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

export interface QueryVisit {
  normalizedQuery: string;
  visitorHash: string;
  at: Date;
}

export interface TrendingWindow {
  now: Date;
  windowStart: Date;
  halfLifeSeconds: number;
  minVisitors: number;
  limit: number;
}

/** search.query_visitors: the last time each visitor searched each normalised query. */
@Injectable()
export class TrendingRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async recordVisits(tx: Transaction | Database, visits: readonly QueryVisit[]): Promise<void> {
    if (visits.length === 0) return;
    await tx
      .insert(searchQueryVisitors)
      .values(
        visits.map((visit) => ({
          normalizedQuery: visit.normalizedQuery,
          visitorHash: visit.visitorHash,
          lastSeenAt: visit.at,
        })),
      )
      .onConflictDoUpdate({
        target: [searchQueryVisitors.normalizedQuery, searchQueryVisitors.visitorHash],
        set: {
          lastSeenAt: sql`greatest(${searchQueryVisitors.lastSeenAt}, excluded.last_seen_at)`,
        },
      });
  }

  /**
   * Queries searched by at least `minVisitors` distinct visitors inside the window, by heat:
   * the sum over visitors of 2^(-age / half-life) of their latest search. Ties by query text.
   */
  async hottest(window: TrendingWindow): Promise<string[]> {
    const now = window.now.toISOString();
    const result = await this.db.execute<{ query: string }>(sql`
      select normalized_query as query
      from search.query_visitors
      where last_seen_at > ${window.windowStart.toISOString()}::timestamptz and last_seen_at <= ${now}::timestamptz
      group by normalized_query
      having count(*) >= ${window.minVisitors}
      order by sum(power(0.5, extract(epoch from (${now}::timestamptz - last_seen_at)) / ${window.halfLifeSeconds})) desc, normalized_query
      limit ${window.limit}`);
    return result.rows.map((row) => row.query);
  }

  async pruneBefore(before: Date): Promise<void> {
    await this.db.delete(searchQueryVisitors).where(lt(searchQueryVisitors.lastSeenAt, before));
  }
}
