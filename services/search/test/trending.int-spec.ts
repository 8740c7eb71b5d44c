import type { QueryLoggedV1 } from '@frenly/contracts';
import { QueryLogWriter } from '../src/trending/query-log.writer.js';
import { TrendingRepository } from '../src/trending/trending.repository.js';
import { insertSites } from './fixtures.js';
import { ENGINES, ManualClock, SearchContext } from './search-context.js';

const HOUR = 3_600_000;

describe.each(ENGINES)('trending searches on %s', (engine) => {
  let ctx: SearchContext;
  const clock = new ManualClock();

  beforeAll(async () => {
    ctx = await SearchContext.start({
      engine,
      clock: clock.read,
      settings: {
        trustForwardedFor: true,
        trending: { minVisitors: 3, halfLifeHours: 24, windowHours: 7 * 24, cacheSeconds: 0 },
      },
    });
    await insertSites(ctx.db, [
      {
        url: 'https://climate.example/',
        title: 'Climate change explained',
        description: 'The science of climate change.',
      },
      {
        url: 'https://news.example/',
        title: 'Old news archive',
        description: 'Yesterday’s old news.',
      },
      {
        url: 'https://fresh.example/',
        title: 'Fresh topic daily',
        description: 'A fresh topic every day.',
      },
      { url: 'https://solo.example/', title: 'Solo hobby', description: 'One person’s hobby.' },
    ]);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** One search by one signed-out visitor: each number is a network of its own. */
  async function searchAs(visitor: number, q: string): Promise<void> {
    await searchFrom(`198.51.${visitor}.7`, q);
  }

  async function searchFrom(
    address: string,
    q: string,
    headers: Record<string, string> = {},
  ): Promise<void> {
    await ctx
      .http()
      .get('/api/search')
      .query({ q })
      .set('X-Forwarded-For', address)
      .set(headers)
      .expect(200);
  }

  async function trending(): Promise<string[]> {
    await ctx.flushQueryLog();
    return (await ctx.http().get('/api/search/trending').expect(200)).body as string[];
  }

  it('is empty before anyone searched', async () => {
    expect(await trending()).toEqual([]);
  });

  it('needs searches from several distinct visitors; one visitor repeating counts once', async () => {
    for (let i = 0; i < 10; i += 1) await searchAs(1, 'solo hobby');
    await searchAs(2, 'solo hobby');
    expect(await trending()).toEqual([]);
    await searchAs(3, 'solo hobby');
    expect(await trending()).toEqual(['solo hobby']);
  });

  it('normalises case and spaces, and ignores searches that found nothing', async () => {
    await searchAs(1, 'Climate   Change');
    await searchAs(2, '  CLIMATE change ');
    await searchAs(3, 'climate change');
    for (const visitor of [1, 2, 3, 4]) await searchAs(visitor, 'zzqx nothing here');
    expect(await trending()).toContain('climate change');
    expect(await trending()).not.toContain('zzqx nothing here');
  });

  it('decays: fresh searches outrank older, more numerous ones, and searches leave the window', async () => {
    clock.advance(24 * HOUR);
    for (const visitor of [10, 11, 12, 13]) await searchAs(visitor, 'old news');
    clock.advance(3 * 24 * HOUR);
    for (const visitor of [20, 21, 22]) await searchAs(visitor, 'fresh topic');
    const list = await trending();
    expect(list[0]).toBe('fresh topic');
    expect(list.indexOf('old news')).toBeGreaterThan(0);
    // climate change and solo hobby (4 days old, 3 visitors) are cooler still than old news (3 days, 4 visitors).
    expect(list.indexOf('old news')).toBeLessThan(list.indexOf('climate change'));

    clock.advance(3 * 24 * HOUR + HOUR); // the first searches are now over 7 days old
    expect(await trending()).toEqual(['fresh topic', 'old news']);
    clock.advance(7 * 24 * HOUR);
    expect(await trending()).toEqual([]);
  });

  // Issue 12 item 8: a visitor was a hash of address and User-Agent, so one client with three
  // User-Agents made any query trend.
  it('counts a network once, whatever its addresses and user agents; three networks make a query trend', async () => {
    clock.advance(30 * 24 * HOUR); // everything above has left the window
    for (const [host, agent] of Object.entries({ 1: 'Firefox', 2: 'Chrome', 3: 'Safari' })) {
      await searchFrom(`203.0.113.${host}`, 'solo hobby', { 'User-Agent': agent });
    }
    expect(await trending()).toEqual([]);
    // One IPv6 /48 is one network too, across its /64s: two networks so far.
    for (const subnet of ['1', '2', 'ffff'])
      await searchFrom(`2001:db8:7:${subnet}::1`, 'solo hobby', {
        'User-Agent': `agent-${subnet}`,
      });
    expect(await trending()).toEqual([]);
    await searchFrom('192.0.2.200', 'solo hobby');
    expect(await trending()).toEqual(['solo hobby']);
  });

  it('counts signed-in users by account: three users behind one address are three visitors', async () => {
    clock.advance(30 * 24 * HOUR);
    for (const user of ['user-a', 'user-b'])
      await searchFrom('203.0.113.9', 'fresh topic', ctx.signedIn(user));
    expect(await trending()).toEqual([]);
    await searchFrom('203.0.113.9', 'fresh topic', ctx.signedIn('user-a')); // the same account again
    expect(await trending()).toEqual([]);
    await searchFrom('203.0.113.9', 'fresh topic', ctx.signedIn('user-c'));
    expect(await trending()).toEqual(['fresh topic']);
  });

  it('never lets markup, links, e-mail addresses or profanity trend, however many visitors search them', async () => {
    clock.advance(30 * 24 * HOUR);
    const writer = ctx.app.get(QueryLogWriter);
    const denied = [
      '<b>solo</b> hobby',
      'https://spam.example/win',
      'www.spam.example',
      'write to win@spam.example',
      'fuck climate',
      'sh1t news',
    ];
    for (const query of [...denied, 'old news']) {
      for (const visitor of ['a', 'b', 'c', 'd']) {
        const entry: QueryLoggedV1 = {
          query,
          normalizedQuery: query,
          visitorHash: `${visitor}${query.length}`.padEnd(32, '0'),
          resultCount: 3,
          loggedAt: clock.read().toISOString(),
        };
        writer.record(entry);
      }
    }
    expect(await trending()).toEqual(['old news']);

    // Rows stored before a rule existed (or written by an older version) are not shown either.
    const at = clock.read();
    await ctx.app.get(TrendingRepository).recordVisits(
      ctx.db,
      ['a', 'b', 'c', 'd', 'e'].map((visitor) => ({
        normalizedQuery: '<img src=x onerror=alert(1)>',
        visitorHash: visitor.padEnd(32, '1'),
        at,
      })),
    );
    expect(await trending()).toEqual(['old news']);
  });
});
