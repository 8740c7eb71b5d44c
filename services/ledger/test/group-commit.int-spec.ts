import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Topics } from '@frenly/contracts';
import { LedgerMetrics } from '../src/metrics/ledger.metrics.js';
import {
  StakeBookingRepository,
  type StakeBooking,
  type StakePlacedEnvelope,
} from '../src/stakes/stake-booking.repository.js';
import { LedgerContext } from './ledger-context.js';
import { storedBalance } from './ledger-tables.js';

/** Stakes that arrive together are booked by one database call (ledger.book_stakes). */
describe('group commit of stakes on real PostgreSQL', () => {
  let ctx: LedgerContext;

  beforeAll(async () => {
    ctx = await LedgerContext.start({ settings: { signupGrant: 100 } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** How many stakes went in groups of more than one, from the group-size histogram. */
  async function stakesBookedInGroups(): Promise<{ groups: number; grouped: number }> {
    const { values } = await ctx.app.get(LedgerMetrics).stakeGroupSize.get();
    const count = values.find((v) => v.metricName === 'ledger_stake_group_size_count')?.value ?? 0;
    const sum = values.find((v) => v.metricName === 'ledger_stake_group_size_sum')?.value ?? 0;
    const alone =
      values.find((v) => v.metricName === 'ledger_stake_group_size_bucket' && v.labels.le === 1)
        ?.value ?? 0;
    return { groups: count, grouped: sum - alone };
  }

  it('books concurrent stakes of several users in groups, each stake with its own outcome, the books balanced', async () => {
    const sites = [await ctx.newSite(), await ctx.newSite(), await ctx.newSite()];
    const users = [ctx.newUser('a'), ctx.newUser('b'), ctx.newUser('c')];
    for (const user of users)
      await ctx
        .http()
        .get('/api/ledger/balance')
        .set(user.headers())
        .expect(200, { bambooBalance: 100 });
    const before = await stakesBookedInGroups();

    // Each user asks for 30 × 7 = 210 bamboo of a 100 grant: 14 fit, the rest are refused.
    const requests = Array.from({ length: 90 }, (_, i) => ({
      user: users[i % 3]!,
      siteId: sites[i % sites.length]!,
      type: i % 2 ? 'support' : 'concern',
    }));
    const answers = await Promise.all(
      requests.map(({ user, siteId, type }) =>
        ctx.http().post('/api/stakes').set(user.headers()).send({ siteId, amount: 7, type }),
      ),
    );

    const after = await stakesBookedInGroups();
    expect(after.grouped - before.grouped).toBeGreaterThan(0);
    for (const user of users) {
      const mine = answers.filter((_, i) => requests[i]!.user === user);
      const created = mine.filter((a) => a.status === 201);
      expect(created).toHaveLength(14);
      expect(
        mine
          .filter((a) => a.status === 400)
          .every((a) => (a.body as { message: string }).message === 'Insufficient balance'),
      ).toBe(true);
      // Each stake saw the one before it: answered balances are 93, 86, … 2, each once.
      const balances = created
        .map((a) => (a.body as { bambooBalance: number }).bambooBalance)
        .sort((x, y) => y - x);
      expect(balances).toEqual(Array.from({ length: 14 }, (_, i) => 100 - 7 * (i + 1)));
      expect(await storedBalance(ctx.db, user.id)).toBe(2);
    }
    const { rows } = await ctx.db.execute(sql`
      select (select count(*)::int from ledger.stakes where site_id = any(${sql.raw(`array[${sites.join(',')}]`)})) as stakes,
             (select count(*)::int from ledger.outbox where topic = ${Topics.StakePlaced} and key = any(${sql.raw(`array['${sites.join("','")}']`)})) as events`);
    expect(rows[0]).toEqual({ stakes: 42, events: 42 });
    expect((await ctx.audit()).violations).toEqual([]);
  });

  it('when a group fails as a whole, books its stakes again one by one: only the faulty stake fails', async () => {
    const siteId = await ctx.newSite();
    const user = ctx.newUser('regroup');
    await ctx.accounts.ensureOpen(user.id);
    const repository = ctx.app.get(StakeBookingRepository);
    const booking = (stakeId: string): [StakeBooking, StakePlacedEnvelope] => {
      const createdAt = new Date();
      return [
        { stakeId, userId: user.id, siteId, amount: 5, type: 'support', message: null, createdAt },
        {
          id: randomUUID(),
          topic: Topics.StakePlaced,
          key: String(siteId),
          headers: {},
          occurredAt: createdAt.toISOString(),
          payload: {
            stakeId,
            siteId,
            userId: user.id,
            amount: 5,
            type: 'support',
            message: null,
            createdAt: createdAt.toISOString(),
          },
        },
      ];
    };
    const taken = randomUUID();
    await repository.book(...booking(taken));
    const before = await stakesBookedInGroups();

    // Submitted in the same turn: one group of five, one of which reuses a stake id (unique violation).
    const ids = [randomUUID(), randomUUID(), taken, randomUUID(), randomUUID()];
    const outcomes = await Promise.allSettled(ids.map((id) => repository.book(...booking(id))));

    expect((await stakesBookedInGroups()).groups - before.groups).toBe(1);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(ctx.logLines.some((line) => line.includes('a group of stakes failed as a whole'))).toBe(
      true,
    );
    expect(await storedBalance(ctx.db, user.id)).toBe(100 - 5 * 5);
    expect((await ctx.audit()).violations).toEqual([]);
  });

  it('mixes grouped stakes with keyed ones (their own transactions) on the same accounts and pools without deadlock', async () => {
    const sites = [await ctx.newSite(), await ctx.newSite()];
    const users = [ctx.newUser('k1'), ctx.newUser('k2')];
    for (const user of users) await ctx.accounts.ensureOpen(user.id);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const call = ctx
          .http()
          .post('/api/stakes')
          .set(users[i % 2]!.headers());
        if (i % 3 === 0) call.set('Idempotency-Key', `key-${i}-${ctx.runId}`);
        return call.send({ siteId: sites[(i >> 1) % 2]!, amount: 3, type: 'support' });
      }),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    for (const user of users) expect(await storedBalance(ctx.db, user.id)).toBe(100 - 30 * 3);
    expect((await ctx.audit()).violations).toEqual([]);
  });
});
