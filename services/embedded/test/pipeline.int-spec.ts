// Insights beside every result (issue 15): the crawler runs by itself, hands each page it
// fetched to the HTML tier, a search queues what it shows without insights, cards update live,
// and a machine without the web backs off quietly. Both runtimes.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { analyzePage, TrackerCatalog } from '@frenly/analysis';
import type { LiveSiteInsightsUpdateMessage, SearchResponse } from '@frenly/contracts';
import { MetricsService } from '@frenly/platform';
import { waitFor } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { FixtureWeb } from './pipeline/fixture-web.js';
import { PipelineContext, type PipelineRuntime } from './pipeline/pipeline-context.js';

const SITES = [
  { host: 'friendly.pipeline.test', fixture: 'friendly-blog', title: 'Friendly fixture blog' },
  { host: 'dark.pipeline.test', fixture: 'dark-shop', title: 'Dark fixture shop' },
  { host: 'a11y.pipeline.test', fixture: 'inaccessible', title: 'Inaccessible fixture page' },
  {
    host: 'closed.pipeline.test',
    fixture: 'plain-shop',
    title: 'Closed fixture shop',
    robots: 'User-agent: *\nDisallow: /\n',
  },
];

/** What the HTML tier says of a fixture page served as the fixture web serves it. */
async function expectedScore(web: FixtureWeb, fixture: string, host: string): Promise<number> {
  const html = readFileSync(
    new URL(`../../analysis/test/fixtures/sites/${fixture}.html`, import.meta.url),
    'utf8',
  );
  const url = web.url(host);
  const report = analyzePage(
    {
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      html,
      tls: false,
      certificateValid: false,
      redirects: 0,
      bytes: Buffer.byteLength(html),
    },
    await TrackerCatalog.load(),
  );
  return report.frenlinessScore;
}

/** A signed-in client on the live socket, collecting what it is sent. */
async function liveClient(
  ctx: PipelineContext,
): Promise<{ messages: LiveSiteInsightsUpdateMessage[]; close(): void }> {
  const socket = new WebSocket(`${ctx.baseUrl.replace('http', 'ws')}/ws`, {
    headers: ctx.signedIn(),
  });
  const messages: LiveSiteInsightsUpdateMessage[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string };
    if (message.type === 'site_insights_update')
      messages.push(message as LiveSiteInsightsUpdateMessage);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { messages, close: () => socket.close() };
}

function seedOf(web: FixtureWeb) {
  return SITES.map((site) => ({
    url: web.url(site.host),
    domain: site.host,
    title: site.title,
    description: 'A pipeline fixture site',
  }));
}

describe('insights beside every result', () => {
  let web: FixtureWeb;

  beforeAll(async () => {
    web = await FixtureWeb.start(SITES);
  });
  afterAll(() => web?.close());

  async function seededPipelineAnalysesByItself(runtime: PipelineRuntime): Promise<void> {
    const ctx = await PipelineContext.start({
      runtime,
      resolve: web.resolve,
      allowList: [web.allowEntry],
    });
    const viewer = await liveClient(ctx);
    const before = new Map(SITES.map((site) => [site.host, web.hitsOf(site.host)]));
    try {
      await ctx.seed(seedOf(web));

      // Nobody searches, nobody clicks: the frontier admits the seeded sites, crawls, analyses.
      const analysed = await waitFor(
        async () => {
          const rows = await ctx.analysedUrls();
          return rows.size >= 3 ? rows : undefined;
        },
        runtime === 'embedded' ? 60_000 : 20_000,
        50,
        'three fixture sites analysed',
      );

      const friendly = analysed.get(web.url('friendly.pipeline.test'));
      const dark = analysed.get(web.url('dark.pipeline.test'));
      const a11y = analysed.get(web.url('a11y.pipeline.test'));
      // The cards say what each page really holds: the HTML tier's own verdict on the same page.
      expect(friendly?.score).toBe(
        await expectedScore(web, 'friendly-blog', 'friendly.pipeline.test'),
      );
      expect(dark?.score).toBe(await expectedScore(web, 'dark-shop', 'dark.pipeline.test'));
      expect(a11y?.score).toBe(await expectedScore(web, 'inaccessible', 'a11y.pipeline.test'));
      expect(friendly?.patterns).toEqual([]);
      expect(dark?.patterns).toEqual(
        expect.arrayContaining([
          expect.stringContaining('Confirmshaming'),
          expect.stringContaining('Countdown timer'),
          expect.stringContaining('Pre-checked opt-in'),
        ]),
      );
      expect(analysed.has(web.url('closed.pipeline.test'))).toBe(false);

      // One fetch per page: the analysis read the crawler's copy. robots.txt kept the closed site closed.
      for (const host of ['friendly.pipeline.test', 'dark.pipeline.test', 'a11y.pipeline.test'])
        expect(web.hitsOf(host) - (before.get(host) ?? 0)).toBe(1);
      expect(web.hitsOf('closed.pipeline.test')).toBe(0);

      // The live card update went out for each, with the card's figures.
      const live = await waitFor(
        () => (viewer.messages.length >= 3 ? viewer.messages : undefined),
        5_000,
        25,
        'three live updates',
      );
      const darkLive = live.find((message) => message.url === web.url('dark.pipeline.test'));
      const [darkRow] = (
        await ctx.db.execute<{ id: number }>(
          sql`select id from search.sites where url = ${web.url('dark.pipeline.test')}`,
        )
      ).rows;
      expect(darkLive).toMatchObject({
        type: 'site_insights_update',
        siteId: darkRow?.id,
        frenlinessScore: dark?.score,
        tier: 'html',
        darkPatterns: dark?.patterns,
      });

      // A search shows them with their insights, and the closed one with why it has none.
      const res = await ctx.search('pipeline');
      const body = res.body as SearchResponse;
      expect(body.web).toBe('reachable');
      const byHost = new Map(body.results.map((result) => [result.domain, result]));
      expect(byHost.get('dark.pipeline.test')).toMatchObject({
        frenlinessScore: dark?.score,
        insight: { state: 'analysed' },
      });
      expect(byHost.get('closed.pipeline.test')?.insight).toMatchObject({
        state: 'not_analysable',
        reason: expect.stringContaining('robots.txt'),
      });
      expect(byHost.get('closed.pipeline.test')?.frenlinessScore).toBeNull();
    } finally {
      viewer.close();
      await ctx.close();
    }
  }

  // PGlite's migrations take most of this test's time (seconds; far more on a loaded machine).
  it('embedded (PGlite): seeded sites are crawled and analysed by themselves, once fetched each, and cards update live', async () => {
    await seededPipelineAnalysesByItself('embedded');
  }, 150_000);

  it('distributed (PostgreSQL, Kafka, BullMQ): the same, through the broker and the queue', async () => {
    await seededPipelineAnalysesByItself('distributed');
  }, 60_000);

  it('in-process: a search that shows unanalysed sites gets them analysed without a click, queued once however often it is shown', async () => {
    const ctx = await PipelineContext.start({
      runtime: 'in-process',
      resolve: web.resolve,
      allowList: [web.allowEntry],
    });
    const before = web.hitsOf('friendly.pipeline.test');
    try {
      // Known to the catalogue as crawled long ago, so only a search's demand brings them in.
      await ctx.seed(seedOf(web).filter((site) => !site.url.includes('closed')));
      await ctx.db.execute(sql`update search.sites set crawled_at = now() - interval '30 days'`);

      const shown = await Promise.all(Array.from({ length: 5 }, () => ctx.search('pipeline')));
      for (const res of shown) {
        const body = res.body as SearchResponse;
        expect(body.results.length).toBe(3);
        for (const result of body.results.filter((r) => r.analyzedAt === null)) {
          expect(result.insight).toEqual({ state: 'queued', etaMinutes: expect.any(Number) });
          expect(result.frenlinessScore).toBeNull();
        }
      }
      const analysed = await waitFor(
        async () => {
          const rows = await ctx.analysedUrls();
          return rows.size >= 3 ? rows : undefined;
        },
        15_000,
        50,
        'the shown sites analysed',
      );
      expect(analysed.size).toBe(3);
      expect(web.hitsOf('friendly.pipeline.test') - before).toBe(1);
      const roots = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from search.crawl_roots`,
      );
      expect(roots.rows[0]?.n).toBe(3);

      const next = (await ctx.search('pipeline')).body as SearchResponse;
      expect(
        next.results.every(
          (result) => result.insight.state === 'analysed' && result.frenlinessScore !== null,
        ),
      ).toBe(true);
    } finally {
      await ctx.close();
    }
  }, 30_000);

  it('in-process, offline: backs off after a few unreachable hosts, one log line, few attempts, and says the web is unreachable', async () => {
    // Every name resolves to a loopback port nothing listens on: the machine has no web.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ctx = await PipelineContext.start({
      runtime: 'in-process',
      resolve: [`*=127.0.0.1:${port}`],
      allowList: [`127.0.0.1:${port}`],
      crawl: { offlineAfterFailures: 5, offlineBackoffMs: 400, offlineMaxBackoffMs: 800 },
    });
    try {
      await ctx.seed(
        Array.from({ length: 60 }, (_, i) => ({
          url: `https://site-${i}.example/`,
          domain: `site-${i}.example`,
          title: `Offline fixture ${i}`,
          description: 'offline fixture',
        })),
      );
      const metrics = ctx.app.get(MetricsService);
      const attempts = async () =>
        (
          (await metrics.registry.getSingleMetric('search_crawls_total')?.get())?.values ?? []
        ).reduce((sum, value) => sum + value.value, 0);

      await waitFor(
        async () =>
          ((await ctx.search('offline')).body as SearchResponse).web === 'unreachable' || undefined,
        10_000,
        50,
        'the web reported unreachable',
      );
      const body = (await ctx.search('offline')).body as SearchResponse;
      expect(body.results.length).toBeGreaterThan(0);
      expect(
        body.results.every(
          (result) => result.insight.state === 'unreachable' && result.frenlinessScore === null,
        ),
      ).toBe(true);

      // A measured window (not a wait for something to happen): attempts and log lines over 2 s.
      const startAttempts = await attempts();
      const startLines = ctx.logLines.length;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const windowAttempts = (await attempts()) - startAttempts;
      // Backoff 400, 800, 800 ms: at most a probe every 400 ms, where a running crawler would have tried dozens.
      expect(windowAttempts).toBeLessThanOrEqual(5);
      expect(ctx.logLines.length - startLines).toBe(0);
      expect(ctx.logLines.filter((line) => line.includes('cannot be reached')).length).toBe(1);
      expect(ctx.logLines.filter((line) => line.includes('site not crawled')).length).toBe(0);
      const total = await attempts();
      expect(total).toBeLessThan(20); // 60 sites seeded: most were never tried
    } finally {
      await ctx.close();
    }
  }, 30_000);
});
