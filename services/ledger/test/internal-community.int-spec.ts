// POST /internal/community: the analysis service reads the community figures of the sites it
// answers for here (distributed runtime; the gateway never forwards it). The same figures as
// the public GET /api/sites/:id/community, from the same CommunityService.
import { INTERNAL_COMMUNITY_MAX_SITES, INTERNAL_COMMUNITY_PATH } from '@frenly/contracts';
import { INTERNAL_CALL_HEADER, internalCallToken } from '@frenly/platform';
import { LedgerContext } from './ledger-context.js';

describe('POST /internal/community', () => {
  let ctx: LedgerContext;

  beforeAll(async () => {
    ctx = await LedgerContext.start({ internalRoutes: true });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** The header the analysis service sends (a fresh token each call). */
  const asAnalysis = () => ({ [INTERNAL_CALL_HEADER]: internalCallToken(ctx.tokens, 'analysis') });
  const ask = (body: unknown, headers: Record<string, string> = asAnalysis()) =>
    ctx
      .http()
      .post(INTERNAL_COMMUNITY_PATH)
      .set(headers)
      .send(body as object);

  it("answers each known site's figures as GET /api/sites/:id/community does; unknown sites are absent", async () => {
    const [voted, quiet] = [await ctx.newSite(), await ctx.newSite()];
    const [ada, bob] = [ctx.newUser('ada'), ctx.newUser('bob')];
    await ctx.vote(ada, voted, 'up').expect(200);
    await ctx.vote(bob, voted, 'down').expect(200);
    await ctx
      .stake(ada, { siteId: voted, amount: 30, type: 'support', message: 'fair' })
      .expect(201);
    await ctx.stake(bob, { siteId: voted, amount: 5, type: 'concern' }).expect(201);

    const res = await ask({ siteIds: [voted, 999_999_999, quiet, voted] });

    expect(res.status).toBe(200);
    const publicView = async (siteId: number) =>
      (await ctx.http().get(`/api/sites/${siteId}/community`).expect(200)).body as unknown;
    expect(res.body).toEqual({ sites: [await publicView(voted), await publicView(quiet)] });
    expect(res.body.sites[0]).toMatchObject({
      siteId: voted,
      upvotes: 1,
      downvotes: 1,
      totalStaked: 35,
      supportTotal: 30,
      concernTotal: 5,
    });
    expect(
      (res.body.sites[0].recentStakes as { amount: number; url: string; domain: string }[]).map(
        (stake) => [stake.amount, typeof stake.url, typeof stake.domain],
      ),
    ).toEqual([
      [5, 'string', 'string'],
      [30, 'string', 'string'],
    ]);
  });

  const tooMany = Array.from({ length: INTERNAL_COMMUNITY_MAX_SITES + 1 }, (_, i) => i + 1);
  it.each<[string, unknown, RegExp]>([
    ['no siteIds', {}, /siteIds is required/],
    ['siteIds not an array', { siteIds: 7 }, /siteIds must be an array/],
    ['no site', { siteIds: [] }, /at least one site/],
    [
      'too many sites',
      { siteIds: tooMany },
      new RegExp(`at most ${INTERNAL_COMMUNITY_MAX_SITES} sites`),
    ],
    ['a string id', { siteIds: ['7'] }, /whole numbers/],
    ['a zero id', { siteIds: [0] }, /whole numbers/],
    ['a fractional id', { siteIds: [1.5] }, /whole numbers/],
    ['an extra field', { siteIds: [1], extra: true }, /extra/],
  ])('refuses a body with %s: a 400 that says what is wrong', async (_what, body, message) => {
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toMatch(message);
  });

  it('refuses a caller that is not a Frenly service (401): no token, a user identity, a forged token', async () => {
    const site = await ctx.newSite();
    const user = ctx.newUser('intruder').headers();
    const userToken = Object.values(user)[0]!;
    const forged = 'eyJ1c2VySWQiOiJzZXJ2aWNlOmFuYWx5c2lzIn0.forged';
    const callers = [
      {},
      user,
      { [INTERNAL_CALL_HEADER]: userToken },
      { [INTERNAL_CALL_HEADER]: forged },
    ];
    const answers = [];
    for (const headers of callers) answers.push(await ask({ siteIds: [site] }, headers));
    expect(answers.map((res) => [res.status, res.body.sites])).toEqual(
      callers.map(() => [401, undefined]),
    );
  });
});
