// Shared pieces of the search service's unit specs: fakes and factories.
import { MetricsService } from '@frenly/platform';
import { counted as counterValue } from '@frenly/testing';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Counter } from 'prom-client';
import type { RankedPage, SearchHit } from '../../src/search/search.repository.js';

/** A real MetricsService on a private registry. */
export function newMetrics(): MetricsService {
  return new MetricsService({ service: 'search-unit', defaultMetrics: false });
}

/** The value of the registered counter `name` for the given labels (0 when never incremented). */
export async function counted(
  metrics: MetricsService,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const counter = metrics.registry.getSingleMetric(name) as Counter | undefined;
  if (!counter) return 0;
  return counterValue(counter, labels);
}

/** A clock the spec moves by hand. */
export function movableClock(start = new Date('2026-03-04T05:06:07.000Z')) {
  let now = start.getTime();
  return Object.assign(() => new Date(now), {
    advance: (ms: number) => {
      now += ms;
    },
  });
}

const dialect = new PgDialect();

/** A drizzle SQL fragment as PostgreSQL would receive it: text and bound parameters. */
export function rendered(
  fragment: SQL | undefined,
): { sql: string; params: unknown[] } | undefined {
  return fragment ? dialect.sqlToQuery(fragment) : undefined;
}

export const factory = {
  hit: (id: number, overrides: Partial<SearchHit> = {}): SearchHit => ({
    id,
    siteUrl: `https://site${id}.example/`,
    pageId: id,
    url: `https://site${id}.example/`,
    domain: `site${id}.example`,
    title: `Site ${id}`,
    description: `The description of site ${id}`,
    snippet: [{ text: `The description of site ${id}`, match: false }],
    moreFromSite: false,
    frenlinessScore: 70,
    analysedTrustScore: 'high',
    isVerified: true,
    isClaimed: false,
    upvotes: 2,
    downvotes: 1,
    totalStaked: 15,
    supportTotal: 10,
    concernTotal: 5,
    analysisData: null,
    indexedAt: new Date('2026-01-02T03:04:05.000Z'),
    analyzedAt: null,
    score: 1,
    crawlRoot: null,
    ...overrides,
  }),
  page: (overrides: Partial<RankedPage> = {}): RankedPage => ({
    hits: [],
    estimate: 0,
    candidates: 0,
    fullMatches: 0,
    complete: true,
    ...overrides,
  }),
};
