import type { CrawlRootStatus } from '@frenly/db';

/** A site's crawl root as a search reads it beside the site's results (search.ranked_page). */
export interface CrawlRootState {
  readonly status: CrawlRootStatus;
  readonly lastError: string | null;
  /** Null when the root has no schedule. */
  readonly nextCrawlAt: Date | null;
  readonly lastCrawledAt: Date | null;
}

/** A site a search showed without insights, with its crawl root as the search read it. */
export interface ShownSite {
  readonly url: string;
  readonly root: CrawlRootState | null;
}

/**
 * A crawl root's next_crawl_at when a search showed its site without insights: before any real
 * schedule, so the frontier takes demanded roots first (ordering by next_crawl_at) without a
 * column of its own.
 */
export const DEMANDED_AT = new Date(0);

/**
 * Whether demanding this root now would change it: search.demand_crawl_roots (migration 0022)
 * writes a root that is new, or neither running nor queued, nor crawled after `retryAfterMs`
 * ago, nor demanded already. The statement stays the rule's authority (it re-checks every
 * root it is sent); this answer only spares a search the statement when the root it read says
 * the statement would write nothing. crawl-demand.int-spec.ts holds the two to the same answers.
 */
export function demandWouldChange(
  root: CrawlRootState | null,
  now: Date,
  retryAfterMs: number,
): boolean {
  if (root === null) return true;
  if (root.status === 'crawling' || root.status === 'queued') return false;
  const recent = now.getTime() - retryAfterMs;
  if (root.lastCrawledAt !== null && root.lastCrawledAt.getTime() >= recent) return false;
  return root.nextCrawlAt?.getTime() !== DEMANDED_AT.getTime();
}
