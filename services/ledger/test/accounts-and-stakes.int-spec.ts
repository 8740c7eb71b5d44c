import { randomBytes } from 'node:crypto';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  Topics,
  type SiteCommunityResponse,
  type StakeCreateResponse,
  type StakeDto,
} from '@frenly/contracts';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import { sql } from 'drizzle-orm';
import { IdempotencyPruner } from '../src/stakes/idempotency-pruner.js';
import { LedgerContext } from './ledger-context.js';
import { ledgerSnapshot, outboxEvents, storedBalance } from './ledger-tables.js';

// Both engines: stakes are booked by the same ledger.book_stakes function on each.
describe.each([
  ['PostgreSQL', false],
  ['PGlite (embedded)', true],
])('ledger HTTP API on %s: accounts, stakes, idempotency', (_engine, embedded) => {
  let ctx: LedgerContext;
  let site: number;
  let otherSite: number;

  beforeAll(async () => {
    ctx = await LedgerContext.start({ embedded, settings: { signupGrant: 1_000 } });
    site = await ctx.newSite('kind.example');
    otherSite = await ctx.newSite('other.example');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('sign-in', () => {
    const mutating = (): Array<[string, string, object | undefined]> => [
      ['post', '/api/stakes', { siteId: site, amount: 1, type: 'support' }],
      ['post', `/api/sites/${site}/vote`, { type: 'up' }],
      ['get', '/api/stakes/user', undefined],
      ['get', '/api/ledger/balance', undefined],
    ];

    it('refuses every signed-in route without an identity, with a forged one or an expired one (401), writing nothing', async () => {
      const before = await ledgerSnapshot(ctx.db);
      const forged = new IdentityTokens(randomBytes(32)).sign({
        userId: 'mallory',
        firstName: null,
        lastName: null,
        email: null,
      });
      const expired = new IdentityTokens(randomBytes(32), 60, () => Date.now() - 120_000);
      for (const [method, path, body] of mutating()) {
        for (const header of [
          undefined,
          forged,
          'not-a-token',
          expired.sign({ userId: 'late', firstName: null, lastName: null, email: null }),
        ]) {
          let call = method === 'post' ? ctx.http().post(path).send(body) : ctx.http().get(path);
          if (header) call = call.set(IDENTITY_HEADER, header);
          const res = await call;
          expect([path, res.status]).toEqual([path, 401]);
          expect(res.body).toMatchObject({ statusCode: 401, message: 'Sign in required' });
        }
      }
      expect(await ledgerSnapshot(ctx.db)).toEqual(before);
    });

    it('serves the community data of a site without sign-in', async () => {
      await ctx.http().get(`/api/sites/${site}/community`).expect(200);
    });
  });

  describe('accounts', () => {
    it('opens an account with the signup grant on first contact, once', async () => {
      const alice = ctx.newUser('alice');
      await ctx
        .http()
        .get('/api/ledger/balance')
        .set(alice.headers())
        .expect(200, { bambooBalance: 1_000 });
      await ctx
        .http()
        .get('/api/ledger/balance')
        .set(alice.headers())
        .expect(200, { bambooBalance: 1_000 });
      const { rows } = await ctx.db.execute(
        sql`select count(*)::int as n from ledger.journal_transactions where kind = 'signup_grant' and reference = ${alice.id}`,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it("grants exactly once when a new user's first requests race", async () => {
      const bob = ctx.newUser('bob');
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => ctx.http().get('/api/ledger/balance').set(bob.headers())),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
      expect(
        new Set(answers.map((a) => (a.body as { bambooBalance: number }).bambooBalance)),
      ).toEqual(new Set([1_000]));
      const { rows } = await ctx.db.execute(sql`
        select (select count(*)::int from ledger.accounts where user_id = ${bob.id}) as accounts,
               (select count(*)::int from ledger.journal_transactions where kind = 'signup_grant' and reference = ${bob.id}) as grants`);
      expect(rows[0]).toEqual({ accounts: 1, grants: 1 });
      const audit = await ctx.audit();
      expect(audit.violations).toEqual([]);
      expect(audit.issuanceBalance).toBe(-audit.grantsTotal);
    });
  });

  describe('stakes', () => {
    it("moves bamboo from the user to the site, answers the stake, the new balance and the site's totals (201)", async () => {
      const carol = ctx.newUser('carol');
      const before = (await ctx.http().get(`/api/sites/${site}/community`).expect(200))
        .body as SiteCommunityResponse;
      const res = await ctx
        .http()
        .post('/api/stakes')
        .set(carol.headers())
        .send({ siteId: site, amount: 50, type: 'support', message: '  Lovely site  ' });
      expect(res.status).toBe(201);
      const body = res.body as StakeCreateResponse;
      expect(body).toEqual({
        stake: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          userId: carol.id,
          siteId: site,
          amount: 50,
          type: 'support',
          message: 'Lovely site',
          createdAt: expect.any(String),
          domain: 'kind.example',
        },
        bambooBalance: 950,
        site: {
          totalStaked: before.totalStaked + 50,
          supportTotal: before.supportTotal + 50,
          concernTotal: before.concernTotal,
        },
      });
      const after = (await ctx.http().get(`/api/sites/${site}/community`).expect(200))
        .body as SiteCommunityResponse;
      expect(body.site).toEqual({
        totalStaked: after.totalStaked,
        supportTotal: after.supportTotal,
        concernTotal: after.concernTotal,
      });
      expect(Date.parse(body.stake.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(await storedBalance(ctx.db, carol.id)).toBe(950);
      // The journal: one transaction, two entries adding up to zero.
      const { rows } = await ctx.db.execute(sql`
        select e.amount, a.kind from ledger.journal_entries e
        join ledger.journal_transactions t on t.id = e.transaction_id join ledger.accounts a on a.id = e.account_id
        where t.kind = 'stake' and t.reference = ${body.stake.id} order by e.amount`);
      expect(rows.map((r) => [Number(r.amount), r.kind])).toEqual([
        [-50, 'user'],
        [50, 'site_pool'],
      ]);
    });

    it("drops a message that is empty once trimmed, and lists the user's stakes newest first with domains", async () => {
      const dave = ctx.newUser('dave');
      const first = await ctx
        .http()
        .post('/api/stakes')
        .set(dave.headers())
        .send({ siteId: site, amount: 10, type: 'concern', message: '   ' })
        .expect(201);
      expect((first.body as StakeCreateResponse).stake.message).toBeNull();
      await ctx
        .http()
        .post('/api/stakes')
        .set(dave.headers())
        .send({ siteId: otherSite, amount: 20, type: 'support' })
        .expect(201);
      await ctx
        .http()
        .post('/api/stakes')
        .set(dave.headers())
        .send({ siteId: site, amount: 30, type: 'support', message: 'x'.repeat(500) })
        .expect(201);
      const list = await ctx.http().get('/api/stakes/user').set(dave.headers()).expect(200);
      const stakes = list.body as StakeDto[];
      expect(stakes.map((s) => [s.amount, s.siteId, s.domain, s.type])).toEqual([
        [30, site, 'kind.example', 'support'],
        [20, otherSite, 'other.example', 'support'],
        [10, site, 'kind.example', 'concern'],
      ]);
      expect(stakes[0]).toEqual({
        id: expect.any(String),
        userId: dave.id,
        siteId: site,
        amount: 30,
        type: 'support',
        message: 'x'.repeat(500),
        createdAt: expect.any(String),
        domain: 'kind.example',
        url: 'https://kind.example/',
      });
      // Someone else's stakes are not listed.
      const erin = ctx.newUser('erin');
      await ctx.http().get('/api/stakes/user').set(erin.headers()).expect(200, []);
    });

    it('refuses a stake above the balance with 400 "Insufficient balance" and writes nothing', async () => {
      const frank = ctx.newUser('frank');
      await ctx
        .http()
        .post('/api/stakes')
        .set(frank.headers())
        .send({ siteId: site, amount: 1_000, type: 'support' })
        .expect(201);
      const before = await ledgerSnapshot(ctx.db);
      const res = await ctx
        .http()
        .post('/api/stakes')
        .set(frank.headers())
        .send({ siteId: site, amount: 1, type: 'support' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: 'Insufficient balance',
        code: 'INSUFFICIENT_BALANCE',
      });
      expect(await ledgerSnapshot(ctx.db)).toEqual(before);
      expect(await storedBalance(ctx.db, frank.id)).toBe(0);
    });

    it("writes one stake-placed event per stake with the site's new totals and a growing site version", async () => {
      const fresh = await ctx.newSite('events.example');
      const grace = ctx.newUser('grace');
      await ctx
        .http()
        .post('/api/stakes')
        .set(grace.headers())
        .send({ siteId: fresh, amount: 5, type: 'support' })
        .expect(201);
      const second = await ctx
        .http()
        .post('/api/stakes')
        .set(grace.headers())
        .send({ siteId: fresh, amount: 7, type: 'concern', message: 'hmm' })
        .expect(201);
      const events = (await outboxEvents(ctx.db, Topics.StakePlaced)).filter(
        (e) => e.key === String(fresh),
      );
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({
          siteId: fresh,
          userId: grace.id,
          amount: 5,
          type: 'support',
          message: null,
          totalStaked: 5,
          supportTotal: 5,
          concernTotal: 0,
          siteVersion: 1,
        }),
        {
          stakeId: (second.body as StakeCreateResponse).stake.id,
          siteId: fresh,
          userId: grace.id,
          amount: 7,
          type: 'concern',
          message: 'hmm',
          createdAt: (second.body as StakeCreateResponse).stake.createdAt,
          totalStaked: 12,
          supportTotal: 5,
          concernTotal: 7,
          siteVersion: 2,
        },
      ]);
    });

    it('gives the community view: votes, totals, the support/concern split and the latest 10 stakes', async () => {
      const fresh = await ctx.newSite('community.example');
      const henry = ctx.newUser('henry');
      for (let i = 1; i <= 12; i++) {
        await ctx
          .http()
          .post('/api/stakes')
          .set(henry.headers())
          .send({
            siteId: fresh,
            amount: i,
            type: i % 3 === 0 ? 'concern' : 'support',
            message: `stake ${i}`,
          })
          .expect(201);
      }
      await ctx
        .http()
        .post(`/api/sites/${fresh}/vote`)
        .set(henry.headers())
        .send({ type: 'down' })
        .expect(200);
      const res = await ctx.http().get(`/api/sites/${fresh}/community`).expect(200);
      expect(res.body).not.toHaveProperty('pending');
      const concern = 3 + 6 + 9 + 12;
      expect(res.body).toMatchObject({
        siteId: fresh,
        upvotes: 0,
        downvotes: 1,
        totalStaked: 78,
        supportTotal: 78 - concern,
        concernTotal: concern,
      });
      const recent = (res.body as { recentStakes: StakeDto[] }).recentStakes;
      expect(recent.map((s) => s.message)).toEqual(
        Array.from({ length: 10 }, (_, i) => `stake ${12 - i}`),
      );
      expect(recent[0]).toMatchObject({
        userId: henry.id,
        siteId: fresh,
        amount: 12,
        type: 'concern',
        domain: 'community.example',
        url: 'https://community.example/',
      });
      // Not learnt yet (its site-indexed event may still be on its way): zero, not 404.
      const unknown = await ctx.http().get('/api/sites/999999/community').expect(200);
      expect(unknown.body).toEqual({
        siteId: 999999,
        upvotes: 0,
        downvotes: 0,
        totalStaked: 0,
        supportTotal: 0,
        concernTotal: 0,
        recentStakes: [],
        pending: true,
      });
      const bad = await ctx.http().get('/api/sites/abc/community').expect(400);
      expect(bad.body).toMatchObject({ message: 'site id must be a positive whole number' });
      await ctx.http().get('/api/sites/1.5/community').expect(400);
      await ctx.http().get('/api/sites/-3/community').expect(400);
    });
  });

  describe('Idempotency-Key', () => {
    const stakeWith = (user: ReturnType<LedgerContext['newUser']>, key: string, body: object) =>
      ctx.http().post('/api/stakes').set(user.headers()).set('Idempotency-Key', key).send(body);

    it('returns the first answer to a replay and charges once', async () => {
      const ivy = ctx.newUser('ivy');
      const body = { siteId: site, amount: 100, type: 'support', message: 'once' };
      const first = await stakeWith(ivy, 'key-1', body);
      const replay = await stakeWith(ivy, 'key-1', body);
      expect(first.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(replay.text).toBe(first.text);
      expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
      expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(await storedBalance(ctx.db, ivy.id)).toBe(900);
      const { rows } = await ctx.db.execute(
        sql`select count(*)::int as n from ledger.stakes where user_id = ${ivy.id}`,
      );
      expect(rows[0]?.n).toBe(1);
      // A new key is a new stake.
      await stakeWith(ivy, 'key-2', body).expect(201);
      expect(await storedBalance(ctx.db, ivy.id)).toBe(800);
    });

    it('charges once when the same key arrives many times at once', async () => {
      const jack = ctx.newUser('jack');
      const body = { siteId: site, amount: 30, type: 'concern' };
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => stakeWith(jack, 'same-key', body)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1); // byte for byte
      expect(await storedBalance(ctx.db, jack.id)).toBe(970);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    });

    it('replays the first answer even when the balance could no longer pay for it', async () => {
      const kate = ctx.newUser('kate');
      const body = { siteId: site, amount: 1_000, type: 'support' };
      const first = await stakeWith(kate, 'all-in', body).expect(201);
      const replay = await stakeWith(kate, 'all-in', body).expect(201);
      expect(replay.body).toEqual(first.body);
      expect(await storedBalance(ctx.db, kate.id)).toBe(0);
    });

    it('refuses the same key with a different body (422) and writes nothing', async () => {
      const liam = ctx.newUser('liam');
      await stakeWith(liam, 'k', { siteId: site, amount: 10, type: 'support' }).expect(201);
      const before = await ledgerSnapshot(ctx.db);
      for (const changed of [
        { siteId: site, amount: 11, type: 'support' },
        { siteId: site, amount: 10, type: 'concern' },
        { siteId: otherSite, amount: 10, type: 'support' },
        { siteId: site, amount: 10, type: 'support', message: 'now with words' },
      ]) {
        const res = await stakeWith(liam, 'k', changed);
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: expect.stringContaining('Idempotency-Key'),
        });
      }
      expect(await ledgerSnapshot(ctx.db)).toEqual(before);
      // A trimmed message is the same request.
      await stakeWith(liam, 'k2', {
        siteId: site,
        amount: 1,
        type: 'support',
        message: 'hi',
      }).expect(201);
      await stakeWith(liam, 'k2', {
        siteId: site,
        amount: 1,
        type: 'support',
        message: '  hi ',
      }).expect(201);
      expect(await storedBalance(ctx.db, liam.id)).toBe(989);
    });

    it('keeps keys per user, and refuses a malformed key (400)', async () => {
      const [mia, noah] = [ctx.newUser('mia'), ctx.newUser('noah')];
      const body = { siteId: site, amount: 5, type: 'support' };
      const a = await stakeWith(mia, 'shared', body).expect(201);
      const b = await stakeWith(noah, 'shared', body).expect(201);
      expect((a.body as StakeCreateResponse).stake.id).not.toBe(
        (b.body as StakeCreateResponse).stake.id,
      );
      for (const key of ['', 'has space', 'x'.repeat(201), 'ünïcode']) {
        const res = await ctx
          .http()
          .post('/api/stakes')
          .set(mia.headers())
          .set('Idempotency-Key', key)
          .send(body);
        expect([key, res.status]).toEqual([key, 400]);
        expect(res.body).toMatchObject({
          message: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
        });
      }
    });

    it('forgets keys after their time to live (24 h): a replay after that is a new stake', async () => {
      const pia = ctx.newUser('pia');
      const body = { siteId: site, amount: 3, type: 'support' };
      await stakeWith(pia, 'old-key', body).expect(201);
      const pruner = ctx.app.get(IdempotencyPruner);
      expect(await pruner.prune(Date.now() + 23 * 3_600_000)).toBe(0);
      await stakeWith(pia, 'old-key', body).expect(201).expect('Idempotent-Replayed', 'true');
      expect(await pruner.prune(Date.now() + 25 * 3_600_000)).toBeGreaterThanOrEqual(1);
      const again = await stakeWith(pia, 'old-key', body).expect(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(await storedBalance(ctx.db, pia.id)).toBe(994);
    });

    it('does not remember a refused request: the same key can be retried', async () => {
      const olivia = ctx.newUser('olivia');
      const res = await stakeWith(olivia, 'too-much', {
        siteId: site,
        amount: 1_001,
        type: 'support',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Insufficient balance' });
      await stakeWith(olivia, 'too-much', { siteId: site, amount: 1_000, type: 'support' }).expect(
        201,
      );
    });
  });

  it('keeps the books balanced after all of the above', async () => {
    expect((await ctx.audit()).violations).toEqual([]);
  });
});
