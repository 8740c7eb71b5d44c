import { Topics, type QueryLoggedV1, type SearchResponse } from '@frenly/contracts';
import type { BusEvent } from '@frenly/events';
import { waitFor } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import { insertSites } from './fixtures.js';
import { SearchContext } from './search-context.js';

describe('search HTTP routes', () => {
  let ctx: SearchContext;
  const published: BusEvent[] = [];

  beforeAll(async () => {
    ctx = await SearchContext.start({
      engine: 'PostgreSQL',
      settings: { trustForwardedFor: true },
    });
    await ctx.bus.subscribe({
      group: 'routes-test',
      topics: [Topics.QueryLogged],
      handler: async (event) => void published.push(event),
    });
    await insertSites(ctx.db, [
      {
        url: 'https://www.wikipedia.org/',
        title: 'Wikipedia',
        description: 'The free encyclopedia.',
      },
      ...Array.from({ length: 12 }, (_, i) => ({
        url: `https://garden-${i}.example/`,
        title: `Garden tips ${i}`,
        description: 'Growing vegetables in a small garden.',
      })),
    ]);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /api/search', () => {
    it('answers the spec fields, the total in the body and in X-Total-Count', async () => {
      const response = await ctx
        .http()
        .get('/api/search')
        .query({ q: '  Wikipedia  ' })
        .expect(200);
      const body = response.body as SearchResponse;
      expect(response.headers['x-total-count']).toBe('1');
      expect(body).toMatchObject({
        query: 'Wikipedia',
        total: 1,
        totalIsEstimate: false,
        page: 1,
        limit: 10,
        correctedQuery: null,
      });
      expect(Object.keys(body.results[0] ?? {}).sort()).toEqual(
        [
          'analysisData',
          'analyzedAt',
          'description',
          'domain',
          'domainFacts',
          'downvotes',
          'frenlinessScore',
          'id',
          'indexedAt',
          'insight',
          'isClaimed',
          'isVerified',
          'moreFromSite',
          'siteQuery',
          'siteUrl',
          'snippet',
          'title',
          'totalStaked',
          'trustScore',
          'upvotes',
          'url',
        ].sort(),
      );
      expect(body.results[0]).toMatchObject({
        url: 'https://www.wikipedia.org/',
        frenlinessScore: null,
        analysisData: null,
        analyzedAt: null,
        upvotes: 0,
      });
      // Never a score where there is no analysis: what is known, and why there is no more (the crawler is off in these tests).
      expect(body.results[0]?.insight).toEqual({
        state: 'not_analysable',
        reason: 'Automatic crawling is switched off on this installation',
      });
      expect(body.web).toBe('reachable');
    });

    it('pages with page and limit', async () => {
      const first = (
        await ctx.http().get('/api/search').query({ q: 'garden', limit: '5' }).expect(200)
      ).body as SearchResponse;
      const third = (
        await ctx
          .http()
          .get('/api/search')
          .query({ q: 'garden', limit: '5', page: '3' })
          .expect(200)
      ).body as SearchResponse;
      expect(first).toMatchObject({ total: 12, page: 1, limit: 5 });
      expect(first.results).toHaveLength(5);
      expect(third.results).toHaveLength(2);
      expect(new Set([...first.results, ...third.results].map((site) => site.id)).size).toBe(7);
    });

    it.each([
      ['missing q', {}, 'q is required'],
      ['blank q', { q: '   ' }, 'q must not be blank'],
      ['q of 10,000 characters', { q: 'a'.repeat(10_000) }, 'q must be at most 200 characters'],
      ['two q values', { q: ['a', 'b'] }, 'q must be a single string'],
      ['limit=-1', { q: 'x', limit: '-1' }, 'limit must be at least 1'],
      ['limit=51', { q: 'x', limit: '51' }, 'limit must be at most 50'],
      ['limit=1e3', { q: 'x', limit: '1e3' }, 'limit must be a whole number'],
      ['page=abc', { q: 'x', page: 'abc' }, 'page must be a whole number'],
      ['page=0', { q: 'x', page: '0' }, 'page must be at least 1'],
      ['page=2.5', { q: 'x', page: '2.5' }, 'page must be a whole number'],
      ['an unknown parameter', { q: 'x', sort: 'date' }, 'property sort should not exist'],
    ])('refuses %s with a 400 and a message', async (_name, query, message) => {
      const response = await ctx.http().get('/api/search').query(query).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect([response.body.message].flat()).toContain(message);
    });

    it('logs every search as search.query-logged through the outbox, with a salted visitor hash and no address', async () => {
      await ctx
        .http()
        .get('/api/search')
        .query({ q: 'Garden   TIPS' })
        .set('X-Forwarded-For', '192.0.2.44')
        .set('User-Agent', 'agent-a')
        .expect(200);
      await ctx
        .http()
        .get('/api/search')
        .query({ q: 'nothing-matches-this' })
        .set('X-Forwarded-For', '192.0.2.44')
        .set('User-Agent', 'agent-a')
        .expect(200);
      await ctx.flushQueryLog();
      const events = await waitFor(() => {
        const found = published.filter((event) =>
          ['garden tips', 'nothing-matches-this'].includes(
            (event.payload as QueryLoggedV1).normalizedQuery,
          ),
        );
        return found.length === 2 ? found : undefined;
      });
      const [garden, nothing] = events.map((event) => event.payload as QueryLoggedV1);
      expect(garden).toMatchObject({
        query: 'Garden   TIPS',
        normalizedQuery: 'garden tips',
        resultCount: 12,
      });
      expect(nothing).toMatchObject({ resultCount: 0 });
      expect(garden?.visitorHash).toMatch(/^[0-9a-f]{32}$/);
      expect(garden?.visitorHash).toBe(nothing?.visitorHash);
      expect(JSON.stringify(events)).not.toContain('192.0.2.44');
      const outbox = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from search.outbox where payload::text like '%192.0.2.44%'`,
      );
      expect(outbox.rows[0]?.n).toBe(0);
    });
  });

  it('exposes its outbox backlog and search counts as metrics', async () => {
    const metrics = await ctx.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/search_outbox_backlog\{[^}]*\} \d+/);
    expect(metrics.text).toMatch(/search_queries_total\{[^}]*corrected="no"[^}]*\} \d+/);
  });

  describe('GET /api/search/trending', () => {
    it('answers a list of strings (empty when nothing trends)', async () => {
      const response = await ctx.http().get('/api/search/trending').expect(200);
      expect(response.body).toEqual([]);
    });
  });
});
