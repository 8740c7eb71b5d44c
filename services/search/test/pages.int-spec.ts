import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Topics,
  type SearchResponse,
  type SearchResultDto,
  type SiteAnalyzedV1,
} from '@frenly/contracts';
import { makeEvent } from '@frenly/events';
import { EventConsumers } from '@frenly/platform';
import { sql } from 'drizzle-orm';
import { CrawlService } from '../src/crawler/crawl.service.js';
import { insertSites } from './fixtures.js';
import { ENGINES, SearchContext } from './search-context.js';

// Pages, not just homepages (issue 16): every crawled page is a searchable document of its
// site. A result is a page (its url, title and highlighted snippet) carrying its site's id;
// inner pages are never announced as sites; at most two pages of a site are listed, and
// "More from this site" (site:) lists the rest.

const page = (title: string, body: string, description = '') =>
  `<!doctype html><html lang="en"><head><title>${title}</title>${
    description ? `<meta name="description" content="${description}">` : ''
  }</head><body><main>${body}</main></body></html>`;

const SOURDOUGH_PAGES = ['/bread', '/bread/starter', '/bread/loaf', '/bread/flour'];

const PAGES: Record<string, string> = {
  '/': page(
    'Kitchen Notes',
    `<h1>Kitchen Notes</h1><p>Notes from a home kitchen.</p>
     <a href="/eggs">Eggs</a> <a href="/tea">Tea</a> ${SOURDOUGH_PAGES.map((path) => `<a href="${path}">${path}</a>`).join(' ')}`,
    'Recipes and notes from a home kitchen.',
  ),
  '/eggs': page(
    'How to boil an egg',
    `<h1>How to boil an egg</h1><p>Lower the egg into boiling water for seven minutes.
     Quail eggs need only two minutes. Cool them in cold water before peeling.</p>`,
  ),
  // A long text (over 35 words): its snippet is a fragment around the word, with ellipses.
  '/tea': page(
    'Green tea at home',
    `<h1>Green tea at home</h1><p>Green tea wants water well below the boil, around eighty degrees,
     and a short steep of two or three minutes; longer steeping draws out bitterness. Loose leaves
     unfurl best in a wide pot. Powdered matcha is whisked, not steeped, into a smooth froth with
     a bamboo whisk. Store the leaves in a dark tin away from spices and coffee, and use them
     within a few months of opening the packet, while their grassy scent lasts.</p>`,
  ),
  '/bread': page(
    'Sourdough bread basics',
    '<p>Sourdough bread rises with wild yeast. A sourdough loaf needs a lively starter.</p>',
  ),
  '/bread/starter': page(
    'Feeding a sourdough starter',
    '<p>Feed the sourdough starter flour and water every day.</p>',
  ),
  '/bread/loaf': page(
    'Shaping a sourdough loaf',
    '<p>Shape the sourdough loaf gently and let it proof overnight.</p>',
  ),
  '/bread/flour': page(
    'Which flour for sourdough',
    '<p>Rye and wheat flour both make good sourdough.</p>',
  ),
};

/** The fixture kitchen site on loopback: no robots.txt, no sitemap, six pages linked from home. */
async function startKitchenSite(): Promise<{
  origin: string;
  port: number;
  close(): Promise<void>;
}> {
  const server: Server = createServer((req, res) => {
    const body = PAGES[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(ENGINES)('pages as results on %s', (engine) => {
  let kitchen: Awaited<ReturnType<typeof startKitchenSite>>;
  let ctx: SearchContext;
  let homeId: number;

  beforeAll(async () => {
    kitchen = await startKitchenSite();
    ctx = await SearchContext.start({
      engine,
      settings: {
        crawl: {
          allowList: [`127.0.0.1:${kitchen.port}`],
          defaultDelayMs: 1,
          maxDepth: 2,
          maxPages: 20,
          scheduleIntervalMs: 0,
        },
      },
    });
    // Other sites, so that results mix sites.
    await insertSites(ctx.db, [
      {
        url: 'https://bakery.example/',
        title: 'Sourdough bakery',
        description: 'A bakery of sourdough bread.',
      },
      {
        url: 'https://rye.example/',
        title: 'Rye sourdough',
        description: 'Rye bread made with sourdough.',
      },
    ]);
    const outcome = await ctx.app.get(CrawlService).crawl(`${kitchen.origin}/`);
    if (outcome.status !== 'done') throw new Error(`crawl ${outcome.status}`);
    expect(outcome.report.indexed).toHaveLength(Object.keys(PAGES).length);
    homeId = outcome.report.rootSiteId as number;
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await kitchen?.close();
  });

  const search = async (q: string): Promise<SearchResponse> =>
    (await ctx.http().get('/api/search').query({ q }).expect(200)).body as SearchResponse;
  const paths = (results: SearchResultDto[]) =>
    results.filter((r) => r.url.startsWith(kitchen.origin)).map((r) => new URL(r.url).pathname);

  it('stores inner pages as documents of the crawl root, which is the site', async () => {
    const rows = await ctx.db.execute<{ url: string; id: number; site_id: number | null }>(
      sql`select url, id, site_id from search.sites where url like ${`${kitchen.origin}/%`} order by url`,
    );
    const home = rows.rows.find((row) => row.url === `${kitchen.origin}/`);
    expect(Number(home?.id)).toBe(homeId);
    expect(home?.site_id).toBeNull();
    const inner = rows.rows.filter((row) => row.url !== `${kitchen.origin}/`);
    expect(inner).toHaveLength(Object.keys(PAGES).length - 1);
    for (const row of inner) expect(Number(row.site_id)).toBe(homeId);
  });

  it('announces only the site: no site.indexed and no site-crawled for inner pages', async () => {
    const events = await ctx.db.execute<{ topic: string; site_id: string; url: string }>(
      sql`select topic, payload->>'siteId' as site_id, payload->>'url' as url from search.outbox
          where topic in (${Topics.SiteIndexed}, ${Topics.SiteCrawled}) and payload->>'url' like ${`${kitchen.origin}/%`}
          order by topic`,
    );
    expect(events.rows.map((row) => [row.topic, Number(row.site_id), row.url])).toEqual([
      [Topics.SiteCrawled, homeId, `${kitchen.origin}/`],
      [Topics.SiteIndexed, homeId, `${kitchen.origin}/`],
    ]);
  });

  it("answers a query only an inner page matches with that page's url and title, and the site's id", async () => {
    const found = await search('quail eggs');
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      id: homeId,
      url: `${kitchen.origin}/eggs`,
      title: 'How to boil an egg',
      siteUrl: `${kitchen.origin}/`,
      siteQuery: 'site:127.0.0.1 quail eggs',
      // No other page of the site mentions quail eggs: nothing more to offer.
      moreFromSite: false,
      upvotes: 0,
      frenlinessScore: null,
    });
  });

  const EGGS_TEXT =
    'How to boil an egg. Lower the egg into boiling water for seven minutes. Quail eggs need only two minutes. Cool them in cold water before peeling.';
  const textOf = (result: SearchResultDto | undefined) =>
    (result?.snippet ?? []).map((segment) => segment.text).join('');
  const markedIn = (result: SearchResultDto | undefined) =>
    (result?.snippet ?? []).filter((segment) => segment.match).map((segment) => segment.text);

  it("highlights the query's words in the page's snippet, as text segments", async () => {
    const [result] = (await search('quail')).results;
    expect(markedIn(result)).toEqual(['Quail']);
    expect(textOf(result)).not.toMatch(/[\uE000\uE001]/);
    // Stemmed matches are marked too ("boiling" for "boil"), and only the words matched.
    const boil = (await search('boil egg')).results.find((r) => r.url.endsWith('/eggs'));
    const marked = markedIn(boil).map((word) => word.toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    for (const word of marked) expect(word).toMatch(/^(boil|boiling|egg|eggs)$/);
  });

  // Before, a 27-word page text was cut to a fragment like any other ("…seven minutes. Quail
  // eggs need only two minutes. Cool them in cold water before peeling."): the page's first
  // words were dropped behind an ellipsis although the whole text fits in a snippet.
  it('shows a short source whole, every query word marked, without ellipses', async () => {
    const [quail] = (await search('quail')).results;
    expect(textOf(quail)).toBe(EGGS_TEXT);
    const eggs = (await search('egg')).results.find((r) => r.url.endsWith('/eggs'));
    expect(textOf(eggs)).toBe(EGGS_TEXT);
    // Every occurrence, first sentence to last: egg, egg, eggs (stemmed), none left unmarked.
    expect(markedIn(eggs)).toEqual(['egg', 'egg', 'eggs']);
    // A short description (the homepage's) is shown whole too.
    const [home] = (await search('recipes')).results.filter((r) => r.id === homeId);
    expect(textOf(home)).toBe('Recipes and notes from a home kitchen.');
    expect(markedIn(home)).toEqual(['Recipes']);
  });

  it('cuts a long source to a fragment around the words, with an ellipsis where it stops short', async () => {
    const [tea] = (await search('matcha')).results;
    expect(tea?.url).toBe(`${kitchen.origin}/tea`);
    const text = textOf(tea);
    expect(markedIn(tea)).toEqual(['matcha']);
    // Cut on both sides: it starts and stops inside the text, an ellipsis at each end.
    expect(text).toMatch(/^…[^…]*\bmatcha\b[^…]*…$/);
    const words = text.replace(/…/g, '').trim().split(/\s+/);
    expect(words.length).toBeGreaterThanOrEqual(15);
    expect(words.length).toBeLessThanOrEqual(35);
  });

  it('lists at most two pages of a site; its site: query lists the rest', async () => {
    const found = await search('sourdough');
    const kitchenResults = found.results.filter((r) => r.id === homeId);
    expect(kitchenResults).toHaveLength(2);
    expect(kitchenResults.map((r) => r.moreFromSite)).toEqual([true, true]);
    // The other sites are listed too.
    expect(found.results.map((r) => r.domain)).toEqual(
      expect.arrayContaining(['bakery.example', 'rye.example']),
    );
    const more = await search(kitchenResults[0]?.siteQuery ?? '');
    expect(kitchenResults[0]?.siteQuery).toBe('site:127.0.0.1 sourdough');
    expect(new Set(paths(more.results))).toEqual(new Set(SOURDOUGH_PAGES));
    expect(more.results.every((r) => r.id === homeId)).toBe(true);
    expect(more.total).toBe(SOURDOUGH_PAGES.length);
    expect(more.results.some((r) => r.moreFromSite)).toBe(false);
  });

  it('lists every page of a site for site: alone, the homepage first', async () => {
    const listed = await search('site:127.0.0.1');
    expect(listed.total).toBe(Object.keys(PAGES).length);
    expect(new Set(paths(listed.results))).toEqual(new Set(Object.keys(PAGES)));
    expect(paths(listed.results)[0]).toBe('/');
    expect(listed.results.every((r) => r.id === homeId)).toBe(true);
    // Another site's domain lists only that site; exclusions alone still match nothing.
    expect((await search('site:bakery.example')).results.map((r) => r.url)).toEqual([
      'https://bakery.example/',
    ]);
    expect((await search('site:127.0.0.1 -sourdough')).results).toEqual([]);
  });

  // Last: it turns a page into a site.
  it("makes an analysed inner page's URL a site of its own, announced, so the Analyzer gets its id", async () => {
    const eggs = `${kitchen.origin}/eggs`;
    const analysed: SiteAnalyzedV1 = {
      url: eggs,
      domain: '127.0.0.1',
      title: 'How to boil an egg',
      description: 'Boiling eggs.',
      frenlinessScore: 81,
      trustScore: 'high',
      isVerified: false,
      uxScore: { accessibility: 90, clarity: 80, joyFactor: 70, lowFriction: 85 },
      analysisData: {
        frenliness: { reasoning: 'Plain page.', improvements: [], manipulativePatterns: [] },
        ux: { details: { strengths: [] } },
      },
      engine: 'heuristic',
      analyzedAt: '2026-11-27T10:00:00.000Z',
    };
    await ctx.app.get(EventConsumers).deliver(makeEvent(Topics.SiteAnalyzed, eggs, analysed));
    const [row] = (
      await ctx.db.execute<{ id: number; site_id: number | null }>(
        sql`select id, site_id from search.sites where url = ${eggs}`,
      )
    ).rows;
    expect(row?.site_id).toBeNull();
    const announced = await ctx.db.execute<{ site_id: string }>(
      sql`select payload->>'siteId' as site_id from search.outbox
          where topic = ${Topics.SiteIndexed} and payload->>'url' = ${eggs}`,
    );
    expect(announced.rows.map((r) => Number(r.site_id))).toEqual([row?.id]);
    const [result] = (await search('quail eggs')).results;
    expect(result).toMatchObject({ id: row?.id, url: eggs, siteUrl: eggs, frenlinessScore: 81 });
    // Its root stays a site with the other pages.
    expect((await search('site:127.0.0.1 sourdough')).results.every((r) => r.id === homeId)).toBe(
      true,
    );
  });
});
