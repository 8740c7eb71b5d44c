// A request id follows an on-demand analysis through the job queue (BullMQ on Redis, as in
// the distributed runtime) into the site-analyzed event it writes.
import { Topics } from '@frenly/contracts';
import { analysisOutbox } from '@frenly/db';
import { QueueNames } from '@frenly/jobs';
import { createStaticResolver } from '@frenly/safe-fetch';
import { waitFor } from '@frenly/testing';
import { eq } from 'drizzle-orm';
import { AnalysisContext } from './support/analysis-context.js';
import { FixtureServer } from './support/fixture-server.js';

describe('request id into the analysis event', () => {
  let ctx: AnalysisContext;
  let web: FixtureServer;

  beforeAll(async () => {
    web = await FixtureServer.start();
    web.page('/asked', 'friendly-blog').page('/background', 'plain-shop');
    ctx = await AnalysisContext.start({
      jobs: 'bullmq',
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver({ 'rid.frenly.test': ['127.0.0.1'] }),
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await web?.close();
  });

  async function eventHeadersFor(url: string): Promise<Record<string, string>> {
    return waitFor(
      async () => {
        const rows = await ctx.db
          .select()
          .from(analysisOutbox)
          .where(eq(analysisOutbox.topic, Topics.SiteAnalyzed));
        return (
          rows.find((row) => (row.payload as { url: string }).url === url)?.headers ?? undefined
        );
      },
      15_000,
      50,
      `the site-analyzed event of ${url}`,
    );
  }

  it('stamps the event of an analysis a request asked for with that request id', async () => {
    const url = web.url('rid.frenly.test', '/asked');
    const res = await ctx
      .http()
      .post('/api/sites/analyze')
      .set(ctx.signedIn())
      .set('X-Request-Id', 'analyze-req-1')
      .send({ url });
    expect(res.status).toBe(200);
    expect(await eventHeadersFor(res.body.site.url as string)).toEqual({
      'schema-version': '1',
      'request-id': 'analyze-req-1',
    });
  });

  it('leaves the event of a background analysis (no request) without one', async () => {
    const url = web.url('rid.frenly.test', '/background');
    await ctx.jobs.enqueue(QueueNames.siteAnalysis, { url, trigger: 'background' });
    expect(await eventHeadersFor(url)).toEqual({ 'schema-version': '1' });
  });
});
