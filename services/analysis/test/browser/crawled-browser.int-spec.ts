import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import {
  Topics,
  type AnalysisResponse,
  type SiteAnalyzedV1,
  type SiteCrawledV1,
} from '@frenly/contracts';
import { makeEvent, subscribeToEvents, type Subscription } from '@frenly/events';
import { QueueNames } from '@frenly/jobs';
import { findChromium } from '../../src/browser/index.js';
import { BROWSER_ONLY_CHECKS, BrowserUnavailableReasons } from '../../src/pipeline/enrich/index.js';
import { AnalysisContext } from '../support/analysis-context.js';
import { html, pixel, script, startFixtureWeb, type FixtureWeb } from './fixture-web.js';

/** A page whose own tag script adds Meta's pixel after load: only a browser sees that tracker. */
function taggedPage(title: string): string {
  return `<!doctype html><html lang="en"><title>${title}</title><main><h1>${title}</h1><p>Tea and cups.</p></main><script src="/tags.js"></script></html>`;
}
const TAGS = `addEventListener('load', () => setTimeout(() => { new Image().src = 'https://www.facebook.com/tr?id=1&ev=PageView'; }, 30));`;

interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}
function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Site-analyzed events as they arrive, and a way to await the one a test needs. */
class AnalyzedEvents {
  private readonly seen: SiteAnalyzedV1[] = [];
  private readonly waiters: {
    test: (e: SiteAnalyzedV1) => boolean;
    resolve(e: SiteAnalyzedV1): void;
  }[] = [];

  push(event: SiteAnalyzedV1): void {
    this.seen.push(event);
    for (const waiter of [...this.waiters])
      if (waiter.test(event)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
  }

  next(url: string, state: string): Promise<SiteAnalyzedV1> {
    const test = (e: SiteAnalyzedV1) => e.url === url && e.analysisData.browser?.state === state;
    const already = this.seen.find(test);
    if (already) return Promise.resolve(already);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
}

function trackersOf(response: AnalysisResponse) {
  return (
    response.site.analysisData as unknown as {
      evidence: { privacy: { trackers: { organization: string; seenBy?: string }[] } };
    }
  ).evidence.privacy.trackers;
}

/**
 * Sites found by the crawler get the browser tier at a configured rate, as background work behind
 * every person's request, never twice while their browser report is fresh. Real PostgreSQL,
 * BullMQ on the real Redis, this machine's Chromium, a fixture web on loopback.
 */
describe('crawled sites in the browser tier (BullMQ, real Chromium, fixture web)', () => {
  const chromium = findChromium(process.env.FRENLY_CHROMIUM_PATH);
  const held = gate();
  const visitStarted = gate();
  let web: FixtureWeb;
  let nextSiteId = 7_000;

  beforeAll(async () => {
    if (!chromium.found) throw new Error(`These tests need Chromium: ${chromium.reason}`);
    // Crawled sites' homepages answer the browser only once the test opens the gate, so that a
    // person's request is certain to arrive while crawled visits are queued.
    const crawledSite =
      (title: string) =>
      (path: string, _request: unknown, response: Parameters<typeof html>[0]) => {
        if (path === '/tags.js') return script(response, TAGS);
        visitStarted.open();
        void held.opened.then(() => html(response, taggedPage(title)));
      };
    web = await startFixtureWeb({
      'crawl-a.test': crawledSite('A'),
      'crawl-b.test': crawledSite('B'),
      'crawl-c.test': crawledSite('C'),
      'crawl-d.test': crawledSite('D'),
      'asked.test': (path, _request, response) =>
        path === '/tags.js' ? script(response, TAGS) : html(response, taggedPage('Asked')),
      'www.facebook.com': (_path, _request, response) => pixel(response),
    });
  });

  afterAll(async () => {
    held.open();
    await web?.close();
  });

  function start(crawledBrowserSitesPerMinute: number): Promise<AnalysisContext> {
    return AnalysisContext.start({
      jobs: 'bullmq',
      settings: {
        fetchAllowList: [`127.0.0.1:${web.port}`],
        fetchResolve: [`*=127.0.0.1:${web.port}`],
        crawledBrowserSitesPerMinute,
        browser: {
          chromiumPath: chromium.found ? chromium.path : '',
          poolSize: 1,
          pageBudgetMs: 8_000,
        },
      },
    });
  }

  /** What the search service's crawler announces after fetching a homepage. */
  async function crawled(ctx: AnalysisContext, url: string, title: string): Promise<void> {
    const body = taggedPage(title);
    const payload: SiteCrawledV1 = {
      siteId: ++nextSiteId,
      url,
      finalUrl: url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      tls: false,
      certificateValid: false,
      redirects: 0,
      bytes: Buffer.byteLength(body),
      htmlGzipBase64: gzipSync(body).toString('base64'),
      htmlTruncated: false,
      fetchedAt: new Date().toISOString(),
      reason: 'background',
    };
    await ctx.bus.publish([makeEvent(Topics.SiteCrawled, url, payload)]);
  }

  async function listen(
    ctx: AnalysisContext,
  ): Promise<{ events: AnalyzedEvents; sub: Subscription }> {
    const events = new AnalyzedEvents();
    const sub = await subscribeToEvents(ctx.bus, {
      group: `crawled-browser-${randomUUID()}`,
      handlers: { [Topics.SiteAnalyzed]: async ({ payload }) => events.push(payload) },
    });
    return { events, sub };
  }

  describe('at 2 crawled sites a minute', () => {
    let ctx: AnalysisContext;
    let events: AnalyzedEvents;
    let sub: Subscription;
    const visited: string[] = [];
    let allVisited: Promise<void>;
    let ids: { a: string; b: string };

    beforeAll(async () => {
      ctx = await start(2);
      ({ events, sub } = await listen(ctx));
      allVisited = new Promise<void>((resolve) => {
        void ctx.jobs.onCompleted(QueueNames.siteBrowserAnalysis, ({ result }) => {
          visited.push(result.analysisId);
          if (visited.length === 3) resolve();
        });
      });
    });

    afterAll(async () => {
      await sub?.close();
      await ctx?.close();
    });

    it('visits crawled sites within the rate, and serves a person’s request before the queued ones', async () => {
      await crawled(ctx, 'http://crawl-a.test/', 'A');
      await crawled(ctx, 'http://crawl-b.test/', 'B');
      // The HTML tier's reports, stored at once, the browser to come.
      const a = await events.next('http://crawl-a.test/', 'pending');
      const b = await events.next('http://crawl-b.test/', 'pending');
      ids = { a: String(a.analysisId), b: String(b.analysisId) };

      // Past the budget: HTML only, and the report says what was not checked and why.
      await crawled(ctx, 'http://crawl-c.test/', 'C');
      const c = await events.next('http://crawl-c.test/', 'unavailable');
      expect(c.analysisData.browser).toEqual({
        state: 'unavailable',
        reason: BrowserUnavailableReasons.crawledOverBudget,
      });
      expect(c.analysisData.notChecked?.map((entry) => entry.what)).toEqual(BROWSER_ONLY_CHECKS);

      // One crawled visit is running (held by the fixture web), the other waits; then a person asks.
      await visitStarted.opened;
      const asked = await ctx.analyze('http://asked.test/');
      expect(asked.status).toBe(200);
      const askedId = String((asked.body as AnalysisResponse).site.analysisData?.['analysisId']);
      held.open();

      await allVisited;
      // The visit already running finishes first; the person's comes before the waiting one.
      expect(visited[1]).toBe(askedId);
      expect(new Set([visited[0], visited[2]])).toEqual(new Set([ids.a, ids.b]));

      for (const id of [ids.a, ids.b, askedId]) {
        const report = await ctx.http().get(`/api/analyses/${id}`).set(ctx.signedIn());
        expect(report.status).toBe(200);
        const body = report.body as AnalysisResponse;
        expect(body.site.analysisData?.browser?.state).toBe('done');
        expect(trackersOf(body)).toEqual([
          expect.objectContaining({ organization: 'Meta', seenBy: 'browser' }),
        ]);
      }
      // The site past the budget was never queued, and no browser ever opened it.
      expect(await ctx.jobs.getCounts(QueueNames.siteBrowserAnalysis)).toMatchObject({
        waiting: 0,
        active: 0,
        completed: 3,
      });
      expect(web.hits).not.toContain('crawl-c.test/');
    }, 60_000);

    it('does not analyse or visit again a crawled site whose browser report is fresh', async () => {
      expect(ids).toBeDefined();
      const done = new Promise<string>((resolve) => {
        void ctx.jobs.onCompleted(QueueNames.siteAnalysis, ({ result }) =>
          resolve(result.analysisId),
        );
      });
      // Crawled again a moment later: the budget would take it (the site holds its slot), the
      // fresh browser report is what stops it.
      await crawled(ctx, 'http://crawl-a.test/', 'A');
      expect(await done).toBe(ids.a);
      expect(await ctx.jobs.getCounts(QueueNames.siteBrowserAnalysis)).toMatchObject({
        waiting: 0,
        active: 0,
        completed: 3,
      });
    }, 20_000);
    it('gives a person who asks for a site the budget left out its visit, at once', async () => {
      const asked = await ctx.analyze('http://crawl-c.test/');
      expect(asked.status).toBe(200);
      const answer = asked.body as AnalysisResponse;
      expect(answer.cached).toBe(false);
      expect(answer.site.analysisData?.browser).toEqual({ state: 'pending' });
      const analysisId = String(answer.site.analysisData?.['analysisId']);
      await events.next('http://crawl-c.test/', 'done');
      const now = await ctx.http().get(`/api/analyses/${analysisId}`).set(ctx.signedIn());
      expect(trackersOf(now.body as AnalysisResponse)).toEqual([
        expect.objectContaining({ organization: 'Meta', seenBy: 'browser' }),
      ]);
    }, 30_000);
  });

  describe('at 0 crawled sites a minute', () => {
    let ctx: AnalysisContext;
    let events: AnalyzedEvents;
    let sub: Subscription;

    beforeAll(async () => {
      ctx = await start(0);
      ({ events, sub } = await listen(ctx));
    });

    afterAll(async () => {
      await sub?.close();
      await ctx?.close();
    });

    it('queues no crawled site for the browser tier, and the report says why', async () => {
      await crawled(ctx, 'http://crawl-d.test/', 'D');
      const d = await events.next('http://crawl-d.test/', 'unavailable');
      expect(d.analysisData.browser).toEqual({
        state: 'unavailable',
        reason: BrowserUnavailableReasons.crawledOff,
      });
      expect(d.frenlinessScore).toEqual(expect.any(Number));
      expect(await ctx.jobs.getCounts(QueueNames.siteBrowserAnalysis)).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
        failed: 0,
      });
      expect(web.hits).not.toContain('crawl-d.test/');
    });
  });
});
