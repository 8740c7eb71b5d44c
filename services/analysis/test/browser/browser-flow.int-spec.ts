import { randomUUID } from 'node:crypto';
import { Topics, type AnalysisResponse } from '@frenly/contracts';
import { subscribeToEvents, type Subscription } from '@frenly/events';
import { findChromium } from '../../src/browser/index.js';
import { BROWSER_ONLY_CHECKS, BrowserUnavailableReasons } from '../../src/pipeline/enrich/index.js';
import { AnalysisContext } from '../support/analysis-context.js';
import { html, pixel, script, startFixtureWeb, type FixtureWeb } from './fixture-web.js';

interface Evidence {
  checks: { id: string; seenBy?: string }[];
  privacy: { trackers: { organization: string; seenBy?: string; seen: string[] }[] };
}

function evidenceOf(response: AnalysisResponse): Evidence {
  return (response.site.analysisData as unknown as { evidence: Evidence }).evidence;
}

/**
 * The browser tier in the analysis flow, through the real service (PostgreSQL, in-process jobs and
 * bus) and this machine's Chromium: POST analyze answers with the HTML tier at once, then a job
 * visits the site and the stored report gains what only a browser sees.
 */
describe('analysis flow with the browser tier (real Chromium, fixture web)', () => {
  const chromium = findChromium(process.env.FRENLY_CHROMIUM_PATH);
  let web: FixtureWeb;

  beforeAll(async () => {
    if (!chromium.found) throw new Error(`These tests need Chromium: ${chromium.reason}`);
    web = await startFixtureWeb({
      // A shop whose own "tag manager" (same site: invisible to the HTML tier as a tracker)
      // injects Meta's ad pixel after load.
      'shop.test': (path, _request, response) => {
        if (path === '/tags.js')
          return script(
            response,
            `addEventListener('load', () => setTimeout(() => { new Image().src = 'https://www.facebook.com/tr?id=1&ev=PageView'; }, 30));`,
          );
        html(
          response,
          '<!doctype html><html lang="en"><title>Shop</title><main><h1>Shop</h1><p>Tea and cups. <a href="/about">About us</a></p></main><script src="/tags.js"></script></html>',
        );
      },
      'www.facebook.com': (_path, _request, response) => pixel(response),
      'calm.test': (_path, _request, response) =>
        html(
          response,
          '<!doctype html><html lang="en"><title>Calm</title><main><h1>Calm</h1><p>Nothing else.</p></main></html>',
        ),
    });
  });

  afterAll(async () => {
    await web?.close();
  });

  function contextWith(chromiumPath: string): Promise<AnalysisContext> {
    return AnalysisContext.start({
      settings: {
        fetchAllowList: [`127.0.0.1:${web.port}`],
        fetchResolve: [`*=127.0.0.1:${web.port}`],
        browser: { chromiumPath, poolSize: 1, pageBudgetMs: 10_000, ignoreHttpsErrors: true },
      },
    });
  }

  describe('with Chromium', () => {
    let ctx: AnalysisContext;
    let events: Subscription;
    const landed = new Map<string, (state: string) => void>();

    beforeAll(async () => {
      ctx = await contextWith(chromium.found ? chromium.path : '');
      // The signal the test waits for: the browser tier's own site-analyzed event.
      events = await subscribeToEvents(ctx.bus, {
        group: `browser-flow-${randomUUID()}`,
        handlers: {
          [Topics.SiteAnalyzed]: async ({ payload }) => {
            const state = payload.analysisData.browser?.state;
            if (payload.analysisId && (state === 'done' || state === 'failed'))
              landed.get(payload.analysisId)?.(state);
          },
        },
      });
    });

    afterAll(async () => {
      await events?.close();
      await ctx?.close();
    });

    it('answers with the HTML tier at once, then the stored report gains the tracker the tag manager injected, seen by the browser', async () => {
      const first = await ctx.analyze(`http://shop.test/`);
      expect(first.status).toBe(200);
      const answer = first.body as AnalysisResponse;
      const analysisId = String(answer.site.analysisData?.['analysisId']);
      const done = new Promise<string>((resolve) => landed.set(analysisId, resolve));
      // The fast answer: HTML only, the browser still to come, the injected pixel unseen.
      expect(answer.site.analysisData?.browser).toEqual({ state: 'pending' });
      expect(evidenceOf(answer).privacy.trackers).toEqual([]);
      expect(new Set(evidenceOf(answer).checks.map((check) => check.seenBy))).toEqual(
        new Set(['html']),
      );

      expect(await done).toBe('done');
      const now = await ctx.http().get(`/api/analyses/${analysisId}`).set(ctx.signedIn());
      expect(now.status).toBe(200);
      expect(now.headers['cache-control']).toBe('no-store');
      const enriched = now.body as AnalysisResponse;
      expect(
        (enriched.site.analysisData as unknown as { evidence: { browser: unknown } }).evidence
          .browser,
      ).toMatchObject({ innerPageSkipped: null });
      expect(enriched.site.analysisData?.browser).toMatchObject({
        state: 'done',
        pages: ['http://shop.test/', 'http://shop.test/about'],
      });
      expect(evidenceOf(enriched).privacy.trackers).toEqual([
        expect.objectContaining({
          organization: 'Meta',
          seenBy: 'browser',
          seen: ['contacted in a real browser'],
        }),
      ]);
      expect(
        evidenceOf(enriched).checks.find((check) => check.id === 'privacy.advertising-trackers')
          ?.seenBy,
      ).toBe('browser');
      // Scored again: the advertiser lowers privacy (both answers are capped at 69 for plain HTTP).
      const privacyOf = (response: AnalysisResponse) =>
        (response.site.analysisData as unknown as { dimensions: { privacy: number } }).dimensions
          .privacy;
      expect(privacyOf(enriched)).toBeLessThan(privacyOf(answer));
      expect(enriched.site.analysisData?.['capsApplied']).toContain(
        'an advertising company tracks visitors',
      );

      // The screenshot of the first screen, served as a PNG that no cache keeps.
      expect(enriched.site.analysisData?.screenshotUrl).toBe(
        `/api/analyses/${analysisId}/screenshot`,
      );
      const png = await ctx
        .http()
        .get(`/api/analyses/${analysisId}/screenshot`)
        .set(ctx.signedIn())
        .buffer(true);
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['cache-control']).toBe('no-store');
      expect((png.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');

      // Asked again, the cache answers with the enriched report.
      const again = (await ctx.analyze('http://shop.test/')).body as AnalysisResponse;
      expect(again.cached).toBe(true);
      expect(again.site.analysisData?.browser?.state).toBe('done');
    }, 45_000);

    it('refuses a malformed analysis id with 400 and an unknown one with 404, signed in only', async () => {
      const bad = await ctx.http().get('/api/analyses/not-a-uuid/screenshot').set(ctx.signedIn());
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'INVALID_ANALYSIS_ID' });
      const unknown = await ctx
        .http()
        .get(`/api/analyses/${randomUUID()}/screenshot`)
        .set(ctx.signedIn());
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'ANALYSIS_NOT_FOUND' });
      expect(
        (await ctx.http().get(`/api/analyses/${randomUUID()}`).set(ctx.signedIn())).status,
      ).toBe(404);
      expect((await ctx.http().get(`/api/analyses/${randomUUID()}`)).status).toBe(401);
    });
  });

  describe('with a Chromium path that points nowhere', () => {
    let ctx: AnalysisContext;

    beforeAll(async () => {
      ctx = await contextWith('/nonexistent/chromium');
    });

    afterAll(async () => {
      await ctx?.close();
    });

    it('runs the HTML tier alone and the report lists what was not checked, and why', async () => {
      const res = await ctx.analyze('http://calm.test/');
      expect(res.status).toBe(200);
      const data = (res.body as AnalysisResponse).site.analysisData;
      expect(data?.browser).toEqual({
        state: 'unavailable',
        reason: BrowserUnavailableReasons.noChromium,
      });
      expect(data?.notChecked?.map((entry) => entry.what)).toEqual(BROWSER_ONLY_CHECKS);
      expect(data?.notChecked?.[0]?.why).toBe(BrowserUnavailableReasons.noChromium);
      expect(data?.screenshotUrl).toBeNull();
      // No browser job was queued for it.
      expect(await ctx.jobs.getCounts('site-browser-analysis')).toMatchObject({
        waiting: 0,
        active: 0,
      });
    });
  });
});
