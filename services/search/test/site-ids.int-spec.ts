// POST /internal/site-ids: the analysis service's direct question for an analysed URL's site id
// (distributed runtime; the gateway never forwards it). Both engines.
import { sql } from 'drizzle-orm';
import { INTERNAL_CALL_HEADER, internalCallToken } from '@frenly/platform';
import { SiteRepository } from '../src/sites/site.repository.js';
import { ENGINES, SearchContext } from './search-context.js';

describe.each(ENGINES)('POST /internal/site-ids on %s', (engine) => {
  let ctx: SearchContext;

  beforeAll(async () => {
    ctx = await SearchContext.start({ engine, internalRoutes: true });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const ask = (
    body: unknown,
    headers: Record<string, string> = {
      [INTERNAL_CALL_HEADER]: internalCallToken(ctx.tokens, 'analysis'),
    },
  ) =>
    ctx
      .http()
      .post('/internal/site-ids')
      .set(headers)
      .send(body as object);

  /** The site-indexed events the search outbox holds for `url` (sent or not). */
  async function announcementsOf(url: string): Promise<number> {
    const result = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from search.outbox
          where topic = 'search.site-indexed' and payload->>'url' = ${url}`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  it('registers a URL never seen, announces it once, and gives the same id every time', async () => {
    const first = await ask({ url: 'HTTPS://New.Example/#top', title: 'A new site' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      siteId: expect.any(Number),
      url: 'https://new.example/',
      domain: 'new.example',
      title: 'A new site',
      indexedAt: expect.any(String),
    });
    const site = await new SiteRepository(ctx.db).getById(first.body.siteId);
    expect(site).toMatchObject({ url: 'https://new.example/', source: 'analysis', siteId: null });

    const again = await ask({ url: 'https://new.example/', title: 'Another title' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await announcementsOf('https://new.example/')).toBe(1);
  });

  it('makes an inner page someone analyses a site of its own, and announces it', async () => {
    const sites = new SiteRepository(ctx.db);
    const { root, page } = await ctx.db.transaction(async (tx) => {
      const root = await sites.upsertCrawledPage(tx, {
        url: 'https://pages.example/',
        domain: 'pages.example',
        title: 'Pages',
        description: '',
        pageText: 'home',
        language: null,
      });
      const page = await sites.upsertCrawledPage(
        tx,
        {
          url: 'https://pages.example/shop',
          domain: 'pages.example',
          title: 'Shop',
          description: '',
          pageText: 'shop',
          language: null,
        },
        root.site.id,
      );
      return { root, page };
    });
    expect(page.isSite).toBe(false);

    const res = await ask({ url: 'https://pages.example/shop', title: 'Ignored' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ siteId: page.site.id, title: 'Shop' });
    expect(res.body.siteId).not.toBe(root.site.id);
    expect((await sites.getById(page.site.id))?.siteId).toBeNull();
    expect(await announcementsOf('https://pages.example/shop')).toBe(1);
  });

  it('refuses bad input with a 400 that says what is wrong, and registers nothing', async () => {
    const before = await ctx.count('search.sites');
    const cases: [unknown, RegExp][] = [
      [{ title: 'No url' }, /url is required/],
      [{ url: 'https://x.example/', title: 7 }, /title must be a string/],
      [{ url: 'ftp://x.example/', title: 'x' }, /http/i],
      [{ url: 'https://x.example/', title: 'x', extra: true }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await ask(body);
      expect([res.status, JSON.stringify(res.body.message)]).toEqual([
        400,
        expect.stringMatching(message),
      ]);
    }
    expect(await ctx.count('search.sites')).toBe(before);
  });

  it('refuses a caller that is not a Frenly service (401): no token, a user identity, a forged token', async () => {
    const user = ctx.signedIn('user-1');
    for (const headers of [
      {},
      user,
      { [INTERNAL_CALL_HEADER]: Object.values(user)[0]! },
      { [INTERNAL_CALL_HEADER]: 'eyJ1c2VySWQiOiJzZXJ2aWNlOmFuYWx5c2lzIn0.forged' },
    ]) {
      const res = await ask({ url: 'https://intruder.example/', title: 'x' }, headers);
      expect(res.status).toBe(401);
    }
    expect(await new SiteRepository(ctx.db).getByUrl('https://intruder.example/')).toBeUndefined();
  });
});
