import { analyses } from '@frenly/db';
import { createStaticResolver } from '@frenly/safe-fetch';
import { AnalysisContext } from './support/analysis-context.js';
import { FixtureServer } from './support/fixture-server.js';

describe('the analysis service on both runtimes', () => {
  let web: FixtureServer;

  beforeAll(async () => {
    web = await FixtureServer.start();
    web.page('/busy', 'plain-shop', {}, 400).page('/blog', 'friendly-blog');
  });
  afterAll(() => web?.close());

  const settings = () => ({
    fetchAllowList: [web.allowEntry],
    fetchResolver: createStaticResolver({ 'shop.frenly.test': ['127.0.0.1'] }),
  });

  it('distributed: BullMQ on the real Redis de-duplicates 20 concurrent analyses of one URL into one fetch', async () => {
    const ctx = await AnalysisContext.start({ jobs: 'bullmq', settings: settings() });
    try {
      const url = web.url('shop.frenly.test', '/busy');
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => ctx.analyze(url, `user-${i}`)),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((res) => res.body.analyzedAt)).size).toBe(1);
      expect(web.hitsOf('/busy')).toBe(1);
    } finally {
      await ctx.close();
    }
  });

  it('distributed: a finished job the queue kept for an analysis this database lacks is analysed again, not a 500', async () => {
    const ctx = await AnalysisContext.start({ jobs: 'bullmq', settings: settings() });
    try {
      const url = web.url('shop.frenly.test', '/blog');
      const first = await ctx.analyze(url);
      expect(first.status).toBe(200);
      // The database loses the analysis (restored from a backup, say) while Redis keeps the job.
      await ctx.db.delete(analyses);
      const again = await ctx.analyze(url);
      expect(again.status).toBe(200);
      expect(again.body.cached).toBe(false);
      expect(web.hitsOf('/blog')).toBe(2);
      const stored = await ctx.db.select({ id: analyses.id }).from(analyses);
      expect(stored).toHaveLength(1);
      expect(ctx.logLines.some((line) => line.includes('does not hold'))).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('embedded: PGlite and the in-process queue give the same answer shape', async () => {
    const ctx = await AnalysisContext.start({ engine: 'pglite', settings: settings() });
    try {
      const res = await ctx.analyze(web.url('shop.frenly.test', '/blog'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        engine: 'heuristic',
        cached: false,
        site: {
          domain: 'shop.frenly.test',
          isVerified: false,
          analysisData: { frenliness: { manipulativePatterns: [] } },
        },
        uxScore: { accessibility: 100 },
        recentStakes: [],
      });
      // Same page over plain HTTP: capped below the best band, and not verified.
      expect(res.body.site.frenlinessScore).toBeLessThanOrEqual(69);
    } finally {
      await ctx.close();
    }
  });
});
