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
      settings: { trustForwardedFor: true, trending: { minVisitors: 3, halfLifeHours: 24, windowHours: 7 * 24, cacheSeconds: 0 } },
    });
    await insertSites(ctx.db, [
      { url: 'https://climate.example/', title: 'Climate change explained', description: 'The science of climate change.' },
      { url: 'https://news.example/', title: 'Old news archive', description: 'Yesterday’s old news.' },
      { url: 'https://fresh.example/', title: 'Fresh topic daily', description: 'A fresh topic every day.' },
      { url: 'https://solo.example/', title: 'Solo hobby', description: 'One person’s hobby.' },
    ]);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** One search by one visitor (address and user agent make the visitor). */
  async function searchAs(visitor: number, q: string): Promise<void> {
    await ctx.http().get('/api/search').query({ q }).set('X-Forwarded-For', `198.51.100.${visitor}`).set('User-Agent', `browser-${visitor}`).expect(200);
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
});
