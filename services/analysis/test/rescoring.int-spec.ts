// Analyses follow the scoring version: an analysis stored under an older version than the
// running scorer's is scored again from its snapshot, in the background (BullMQ on Redis with
// PostgreSQL, as distributed; the in-process queue with PGlite, as embedded), stored and
// announced; the fixture web sees no second request.
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { Topics, type SiteAnalyzedV1, type SiteCrawledV1 } from '@frenly/contracts';
import { analyses, analysisSiteRefs, analysisSnapshots } from '@frenly/db';
import { makeEvent, subscribeToEvents, type Subscription } from '@frenly/events';
import { createStaticResolver } from '@frenly/safe-fetch';
import { waitFor } from '@frenly/testing';
import { eq, sql } from 'drizzle-orm';
import { SnapshotsRepository } from '../src/analyses/snapshots.repository.js';
import { enrichReport, withBrowserPending } from '../src/pipeline/enrich/index.js';
import type { AnalysisReport } from '../src/pipeline/report.js';
import { TrackerCatalog } from '../src/pipeline/trackers/tracker-catalog.js';
import { SCORING_VERSION } from '../src/pipeline/scoring/weights.js';
import { RescoringSweep } from '../src/rescoring/rescoring.sweep.js';
import { AnalysisContext, type AnalysisContextOptions } from './support/analysis-context.js';
import { observation, siteObservation } from './unit/browser-observation.factory.js';
import { FixtureServer, fixtureHtml } from './support/fixture-server.js';

const PREVIOUS = SCORING_VERSION - 1;

describe.each<[string, AnalysisContextOptions]>([
  ['PostgreSQL, BullMQ on Redis', { engine: 'postgres', jobs: 'bullmq' }],
  ['PGlite, in-process queue', { engine: 'pglite', jobs: 'in-process' }],
])('analyses follow the scoring version (%s)', (_name, options) => {
  let web: FixtureServer;
  let ctx: AnalysisContext;
  let sub: Subscription;
  let sweep: RescoringSweep;
  let nextSiteId = 9_000;
  const waiters: { test: (e: SiteAnalyzedV1) => boolean; resolve: (e: SiteAnalyzedV1) => void }[] =
    [];

  /** The first site-analyzed event from now on that passes `test`. */
  function announced(test: (e: SiteAnalyzedV1) => boolean): Promise<SiteAnalyzedV1> {
    return new Promise((resolve) => waiters.push({ test, resolve }));
  }

  beforeAll(async () => {
    web = await FixtureServer.start();
    web.page('/', 'dark-shop');
    ctx = await AnalysisContext.start({
      ...options,
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver({ 'rescore.frenly.test': ['127.0.0.1'] }),
      },
    });
    sweep = ctx.app.get(RescoringSweep);
    sub = await subscribeToEvents(ctx.bus, {
      group: `rescoring-it-${randomUUID()}`,
      handlers: {
        [Topics.SiteAnalyzed]: async ({ payload }) => {
          for (const waiter of [...waiters])
            if (waiter.test(payload)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(payload);
            }
        },
      },
    });
  });

  afterAll(async () => {
    await sub?.close();
    await ctx?.close();
    await web?.close();
  });

  /** What the search service's crawler announces after fetching a homepage. */
  function crawledCopy(url: string, fixture: string): SiteCrawledV1 {
    const html = fixtureHtml(fixture);
    return {
      siteId: ++nextSiteId,
      url,
      finalUrl: url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      tls: true,
      certificateValid: true,
      redirects: 0,
      bytes: Buffer.byteLength(html),
      htmlGzipBase64: gzipSync(html).toString('base64'),
      htmlTruncated: false,
      fetchedAt: new Date().toISOString(),
      reason: 'background',
    };
  }

  async function rowOf(id: string) {
    const [row] = await ctx.db.select().from(analyses).where(eq(analyses.id, id));
    return row!;
  }

  /** What the previous release would have stored: its version, and numbers this page does not have. */
  async function storedByThePreviousRelease(id: string): Promise<void> {
    await ctx.db
      .update(analyses)
      .set({
        scoringVersion: PREVIOUS,
        frenlinessScore: 1,
        report: sql`${analyses.report} || ${JSON.stringify({ scoringVersion: PREVIOUS, frenlinessScore: 1, summary: 'from an older scorer' })}::jsonb`,
      })
      .where(eq(analyses.id, id));
  }

  it('re-scores an analysed site from its snapshot, stores and announces it, and fetches nothing', async () => {
    const url = web.url('rescore.frenly.test', '/');
    const res = await ctx.analyze(url);
    expect(res.status).toBe(200);
    const id = String(res.body.site.analysisData.analysisId);
    expect(web.hitsOf('/')).toBe(1);
    const original = (await rowOf(id)).report as AnalysisReport;
    expect(original.scoringVersion).toBe(SCORING_VERSION);

    // One snapshot for the URL, compressed: what the storage costs is on the row.
    const snapshots = await ctx.db
      .select({ analysisId: analysisSnapshots.analysisId, bytes: analysisSnapshots.bytes })
      .from(analysisSnapshots);
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.analysisId).toBe(id);
    expect(snapshots[0]!.bytes).toBeGreaterThan(0);
    expect(snapshots[0]!.bytes).toBeLessThan(Buffer.byteLength(fixtureHtml('dark-shop')));

    await storedByThePreviousRelease(id);
    const rescoredEvent = announced(
      (e) => e.analysisId === id && e.scoringVersion === SCORING_VERSION,
    );
    expect(await sweep.sweep()).toBe(1);
    const event = await rescoredEvent;
    expect(event).toMatchObject({
      url: original.url,
      frenlinessScore: original.frenlinessScore,
      analysisData: { summary: original.summary, scoringVersion: SCORING_VERSION },
    });

    // The report on the row is the one the page gives under the running version, again.
    const row = await rowOf(id);
    expect(row).toMatchObject({
      scoringVersion: SCORING_VERSION,
      frenlinessScore: original.frenlinessScore,
    });
    expect(row.report).toEqual(original);
    expect(web.hitsOf('/')).toBe(1);
    // Up to date now: the next round queues nothing.
    expect(await sweep.sweep()).toBe(0);
  });

  it('re-scores a crawled site from the crawler’s copy, for its live card (site id on the event)', async () => {
    const url = 'https://crawled.rescore.test/';
    const first = announced((e) => e.url === url);
    await ctx.bus.publish([makeEvent(Topics.SiteCrawled, url, crawledCopy(url, 'plain-shop'))]);
    const id = String((await first).analysisId);
    const original = await waitFor(
      async () => (await rowOf(id)).report as AnalysisReport | undefined,
      10_000,
      50,
      'the crawled analysis',
    );
    // The card to update is the site's in the catalogue (learnt from its search.site-indexed).
    const ref = await waitFor(
      async () =>
        (
          await ctx.db
            .select({ siteId: analysisSiteRefs.siteId })
            .from(analysisSiteRefs)
            .where(eq(analysisSiteRefs.url, url))
        )[0],
      10_000,
      50,
      'the site id of the crawled site',
    );

    await storedByThePreviousRelease(id);
    const rescoredEvent = announced(
      (e) => e.analysisId === id && e.scoringVersion === SCORING_VERSION,
    );
    expect(await sweep.sweep()).toBe(1);
    expect(await rescoredEvent).toMatchObject({ siteId: ref.siteId, url });
    expect((await rowOf(id)).report).toEqual(original);
  });

  it('re-scores a report the browser tier enriched, from the page and what the browser saw', async () => {
    const url = 'https://visited.rescore.test/';
    const first = announced((e) => e.url === url);
    await ctx.bus.publish([makeEvent(Topics.SiteCrawled, url, crawledCopy(url, 'news-wall'))]);
    const id = String((await first).analysisId);
    const htmlTier = (await rowOf(id)).report as AnalysisReport;

    // As the browser tier's job stores a visit: the enriched report, and the observation with the snapshot.
    const seen = siteObservation(
      observation(url, {
        sessionRecording: [
          {
            script: 'https://rec.example/r.js',
            listeners: ['keydown', 'mousemove'],
            frames: [url],
          },
        ],
        screenshotPng: Buffer.from('png'),
      }),
    );
    const visited = enrichReport(withBrowserPending(htmlTier), seen, {
      catalog: ctx.app.get(TrackerCatalog),
      screenshotUrl: null,
      checkedAt: new Date().toISOString(),
    });
    const snapshots = ctx.app.get(SnapshotsRepository);
    const [before] = await ctx.db
      .select({ bytes: analysisSnapshots.bytes })
      .from(analysisSnapshots)
      .where(eq(analysisSnapshots.analysisId, id));
    await ctx.db.transaction(async (tx) => {
      await tx.update(analyses).set({ report: visited }).where(eq(analyses.id, id));
      await snapshots.saveObservation(tx, id, seen);
    });
    const [after] = await ctx.db
      .select({ bytes: analysisSnapshots.bytes })
      .from(analysisSnapshots)
      .where(eq(analysisSnapshots.analysisId, id));
    expect(after!.bytes).toBeGreaterThan(before!.bytes);
    expect((await snapshots.forAnalysis(id))?.browser?.homepage.sessionRecording).toEqual(
      seen.homepage.sessionRecording,
    );

    await storedByThePreviousRelease(id);
    const rescoredEvent = announced(
      (e) => e.analysisId === id && e.scoringVersion === SCORING_VERSION,
    );
    expect(await sweep.sweep()).toBe(1);
    expect(await rescoredEvent).toMatchObject({ analysisData: { browser: { state: 'done' } } });
    expect((await rowOf(id)).report).toEqual(visited);
  });

  it('leaves an analysis without a snapshot as it is, for the next crawl', async () => {
    const url = web.url('rescore.frenly.test', '/');
    const [latest] = await ctx.db
      .select({ id: analyses.id })
      .from(analyses)
      .where(eq(analyses.url, new URL(url).href));
    const id = latest!.id;
    await storedByThePreviousRelease(id);
    await ctx.db.delete(analysisSnapshots).where(eq(analysisSnapshots.analysisId, id));
    expect(await sweep.sweep()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ scoringVersion: PREVIOUS, frenlinessScore: 1 });
  });
});
