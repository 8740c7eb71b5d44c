import { createStaticResolver } from '@frenly/safe-fetch';
import { LENS_TYPES, REFRAME_CONTENT_MAX_LENGTH } from '@frenly/contracts';
import { analysisReframes } from '@frenly/db';
import { eq } from 'drizzle-orm';
import { AnalysisContext } from './support/analysis-context.js';
import { FixtureServer } from './support/fixture-server.js';

describe('POST /api/sites/:id/reframe (local reframer, no LLM)', () => {
  let ctx: AnalysisContext;
  let web: FixtureServer;
  let shopId: number;
  let blogId: number;
  const SHOP_CONTENT =
    'MEGA DEALS - Luxury Watches. The best automatic watches at unbeatable prices, and we utilize premium steel in order to obtain years of wear.';
  const BLOG_CONTENT =
    'Slow Gardening. A calm guide to growing vegetables on a balcony, with plain steps and no gadgets.';

  beforeAll(async () => {
    web = await FixtureServer.start();
    web.page('/shop', 'dark-shop').page('/blog', 'friendly-blog');
    ctx = await AnalysisContext.start({
      settings: {
        fetchAllowList: [web.allowEntry],
        fetchResolver: createStaticResolver({
          'shop.frenly.test': ['127.0.0.1'],
          'blog.frenly.test': ['127.0.0.1'],
        }),
      },
    });
    shopId = (await ctx.analyze(web.url('shop.frenly.test', '/shop'))).body.site.id;
    blogId = (await ctx.analyze(web.url('blog.frenly.test', '/blog'))).body.site.id;
  });

  afterAll(async () => {
    await ctx?.close();
    await web?.close();
  });

  it('all five lenses give different, content-specific rewrites with advice from the evidence', async () => {
    const answers = new Map<
      string,
      { reframedContent: string; actionableAdvice?: string; engine: string }
    >();
    for (const lensType of LENS_TYPES) {
      const res = await ctx.reframe(shopId, { lensType, content: SHOP_CONTENT });
      expect(res.status).toBe(200);
      expect(res.body.engine).toBe('heuristic');
      expect(typeof res.body.actionableAdvice).toBe('string');
      answers.set(lensType, res.body);
    }
    const texts = [...answers.values()].map((answer) => answer.reframedContent);
    expect(new Set(texts).size).toBe(5);
    for (const text of texts)
      expect(text).toMatch(/Luxury Watches|automatic watches|premium steel/);

    expect(answers.get('clarity')?.reframedContent).toContain(
      'The best automatic watches at prices it calls “unbeatable”. We use premium steel to get years of wear.',
    );
    expect(answers.get('clarity')?.reframedContent).not.toMatch(/utilize|in order to|low prices/);
    expect(answers.get('trust')?.reframedContent).toContain('manipulative design was found');
    expect(answers.get('trust')?.reframedContent).toContain('Claims to verify yourself');
    expect(answers.get('trust')?.actionableAdvice).toMatch(/^Remove the /);
    expect(answers.get('growth')?.reframedContent).toContain('To grow from here:');
    expect(answers.get('love')?.reframedContent).toContain(
      'MEGA DEALS - Luxury Watches, seen from the side of the people who visit it.',
    );
    expect(answers.get('love')?.reframedContent).not.toContain('made with people in mind');
    expect(answers.get('joy')?.reframedContent).toMatch(/^Meet MEGA DEALS - Luxury Watches!/);
  });

  it("uses each site's own evidence: the same lens reads differently for a calm blog", async () => {
    const blog = await ctx.reframe(blogId, { lensType: 'trust', content: BLOG_CONTENT });
    const shop = await ctx.reframe(shopId, { lensType: 'trust', content: BLOG_CONTENT });
    expect(blog.status).toBe(200);
    expect(blog.body.reframedContent).toContain('no trackers were found');
    expect(blog.body.reframedContent).toContain('no manipulative design was detected');
    expect(shop.body.reframedContent).toContain('tracking organisations see each visit');
    expect(blog.body.reframedContent).not.toBe(shop.body.reframedContent);
  });

  it('caches per (site, lens, content hash)', async () => {
    const body = { lensType: 'growth', content: 'Chronos. Watches for every wrist.' };
    const hits = await ctx.metricValue('analysis_reframes_total', { cached: 'true' });
    const first = await ctx.reframe(shopId, body);
    const second = await ctx.reframe(shopId, body);
    expect(second.body).toEqual(first.body);
    expect(await ctx.metricValue('analysis_reframes_total', { cached: 'true' })).toBe(hits + 1);
    const rows = await ctx.db
      .select()
      .from(analysisReframes)
      .where(eq(analysisReframes.siteId, shopId));
    expect(
      rows.filter(
        (row) => row.lens === 'growth' && row.reframedContent === first.body.reframedContent,
      ),
    ).toHaveLength(1);
    const other = await ctx.reframe(shopId, {
      ...body,
      content: 'Chronos. Watches for every wrist and every budget.',
    });
    expect(other.body.reframedContent).not.toBe(first.body.reframedContent);
  });

  describe('validation: a 400 (or 404) with a message, never a 500', () => {
    it.each([
      [
        'an unknown lens',
        'SITE',
        { lensType: 'anger', content: 'x' },
        400,
        'lensType must be one of love, clarity, growth, trust, joy',
      ],
      ['no lens', 'SITE', { content: 'x' }, 400, 'lensType must be one of'],
      [
        'empty content',
        'SITE',
        { lensType: 'love', content: '   ' },
        400,
        'content must not be empty',
      ],
      [
        'content that is not text',
        'SITE',
        { lensType: 'love', content: 12 },
        400,
        'content must be a string',
      ],
      [
        'content that is too long',
        'SITE',
        { lensType: 'love', content: 'a'.repeat(REFRAME_CONTENT_MAX_LENGTH + 1) },
        400,
        `content must be at most ${REFRAME_CONTENT_MAX_LENGTH} characters`,
      ],
      [
        'an extra field',
        'SITE',
        { lensType: 'love', content: 'x', tone: 'angry' },
        400,
        'property tone should not exist',
      ],
      [
        'a site id that is not a number',
        'abc',
        { lensType: 'love', content: 'x' },
        400,
        'site id must be a positive whole number',
      ],
      [
        'site id zero',
        '0',
        { lensType: 'love', content: 'x' },
        400,
        'site id must be a positive whole number',
      ],
      [
        'an unknown site',
        '987654',
        { lensType: 'love', content: 'x' },
        404,
        'Site 987654 not found',
      ],
    ])('%s', async (_name, id, body, status, message) => {
      const res = await ctx.reframe(id === 'SITE' ? shopId : id, body);
      expect(res.status).toBe(status);
      expect([res.body.message].flat().join(' ')).toContain(message);
    });

    it('refuses a request without the gateway identity (401)', async () => {
      const res = await ctx
        .http()
        .post(`/api/sites/${shopId}/reframe`)
        .send({ lensType: 'love', content: 'x' });
      expect(res.status).toBe(401);
    });
  });
});
