import { Topics, type VoteType } from '@frenly/contracts';
import { LedgerContext } from './ledger-context.js';
import { ledgerSnapshot, outboxEvents } from './ledger-tables.js';

describe('POST /api/sites/:id/vote', () => {
  let ctx: LedgerContext;

  beforeAll(async () => {
    ctx = await LedgerContext.start();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  // Each step: the vote sent, then the user's vote and the site's counts after it.
  const transitions: Array<[string, VoteType[], Array<[VoteType | null, number, number]>]> = [
    ['none → up', ['up'], [['up', 1, 0]]],
    ['none → down', ['down'], [['down', 0, 1]]],
    [
      'up → up removes it',
      ['up', 'up'],
      [
        ['up', 1, 0],
        [null, 0, 0],
      ],
    ],
    [
      'down → down removes it',
      ['down', 'down'],
      [
        ['down', 0, 1],
        [null, 0, 0],
      ],
    ],
    [
      'up → down switches it',
      ['up', 'down'],
      [
        ['up', 1, 0],
        ['down', 0, 1],
      ],
    ],
    [
      'down → up switches it',
      ['down', 'up'],
      [
        ['down', 0, 1],
        ['up', 1, 0],
      ],
    ],
    [
      'removed → up again',
      ['up', 'up', 'up'],
      [
        ['up', 1, 0],
        [null, 0, 0],
        ['up', 1, 0],
      ],
    ],
    [
      'up → down → down → down',
      ['up', 'down', 'down', 'down'],
      [
        ['up', 1, 0],
        ['down', 0, 1],
        [null, 0, 0],
        ['down', 0, 1],
      ],
    ],
  ];

  it.each(transitions)('%s', async (_label, sequence, expected) => {
    const site = await ctx.newSite();
    const voter = ctx.newUser('voter');
    // Another user's standing votes must be kept through every change.
    const [up, down] = [ctx.newUser('up'), ctx.newUser('down')];
    await ctx.vote(up, site, 'up').expect(200, { upvotes: 1, downvotes: 0, yourVote: 'up' });
    await ctx.vote(down, site, 'down').expect(200, { upvotes: 1, downvotes: 1, yourVote: 'down' });
    for (const [i, type] of sequence.entries()) {
      const [mine, ups, downs] = expected[i]!;
      const res = await ctx.vote(voter, site, type).expect(200);
      expect(res.body).toEqual({ upvotes: ups + 1, downvotes: downs + 1, yourVote: mine });
      // The user's votes, as the vote buttons read them, agree with the answer.
      const votes = await ctx
        .http()
        .get(`/api/ledger/votes?siteIds=${site}`)
        .set(voter.headers())
        .expect(200);
      expect(votes.body).toEqual({ votes: mine ? { [String(site)]: mine } : {} });
      const events = (await outboxEvents(ctx.db, Topics.VoteCast)).filter(
        (e) => e.key === String(site),
      );
      expect(events.at(-1)?.payload).toEqual({
        siteId: site,
        userId: voter.id,
        vote: mine,
        upvotes: ups + 1,
        downvotes: downs + 1,
        siteVersion: i + 3,
      });
    }
    const community = await ctx.http().get(`/api/sites/${site}/community`).expect(200);
    const [, ups, downs] = expected.at(-1)!;
    expect(community.body).toMatchObject({ upvotes: ups + 1, downvotes: downs + 1 });
  });

  it('counts many users voting on one site at once, each once', async () => {
    const site = await ctx.newSite();
    const users = Array.from({ length: 60 }, (_, i) => ctx.newUser(`crowd${i}`));
    const answers = await Promise.all(
      users.map((u, i) => ctx.vote(u, site, i % 3 === 0 ? 'down' : 'up')),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const community = await ctx.http().get(`/api/sites/${site}/community`).expect(200);
    expect(community.body).toMatchObject({ upvotes: 40, downvotes: 20 });
    // The versions in the events are 1..60, each once: one locked change at a time.
    const versions = (await outboxEvents(ctx.db, Topics.VoteCast))
      .filter((e) => e.key === String(site))
      .map((e) => e.payload.siteVersion);
    expect([...versions].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect((await ctx.audit()).violations).toEqual([]);
  });

  it('refuses an unknown site (404), a bad id or a bad type (400), and writes nothing', async () => {
    const user = ctx.newUser('stray');
    const site = await ctx.newSite();
    const before = await ledgerSnapshot(ctx.db);
    const unknown = await ctx.vote(user, 777_777, 'up');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      message: 'Site 777777 not found',
      code: 'SITE_NOT_FOUND',
    });
    for (const body of [{ type: 'sideways' }, {}, { type: 'up', extra: true }, { type: ['up'] }]) {
      const res = await ctx.http().post(`/api/sites/${site}/vote`).set(user.headers()).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body).toHaveProperty('message');
    }
    await ctx.http().post('/api/sites/0/vote').set(user.headers()).send({ type: 'up' }).expect(400);
    await ctx.http().post('/api/sites/x/vote').set(user.headers()).send({ type: 'up' }).expect(400);
    expect(await ledgerSnapshot(ctx.db)).toEqual(before);
  });

  describe('GET /api/ledger/votes', () => {
    it("answers only the signed-in user's own votes, for the sites asked", async () => {
      const [a, b, c] = [await ctx.newSite(), await ctx.newSite(), await ctx.newSite()];
      const me = ctx.newUser('mine');
      const other = ctx.newUser('theirs');
      await ctx.vote(me, a, 'up').expect(200);
      await ctx.vote(me, b, 'down').expect(200);
      await ctx.vote(other, c, 'up').expect(200);
      const res = await ctx
        .http()
        .get(`/api/ledger/votes?siteIds=${a},${b},${c}`)
        .set(me.headers())
        .expect(200);
      expect(res.body).toEqual({ votes: { [String(a)]: 'up', [String(b)]: 'down' } });
      const onlyA = await ctx
        .http()
        .get(`/api/ledger/votes?siteIds=${a}`)
        .set(me.headers())
        .expect(200);
      expect(onlyA.body).toEqual({ votes: { [String(a)]: 'up' } });
    });

    it('needs a session, and refuses anything but canonical site ids (400)', async () => {
      await ctx.http().get('/api/ledger/votes?siteIds=1').expect(401);
      const user = ctx.newUser('picky');
      const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
      for (const query of [
        '',
        'siteIds=',
        'siteIds=0',
        'siteIds=0x10',
        'siteIds=1e3',
        'siteIds=%201',
        'siteIds=1,,2',
        'siteIds=-1',
        `siteIds=${tooMany}`,
        'siteIds=1&siteIds=2',
      ]) {
        const res = await ctx.http().get(`/api/ledger/votes?${query}`).set(user.headers());
        expect([query, res.status]).toEqual([query, 400]);
      }
    });
  });
});
