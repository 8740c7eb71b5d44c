import { sql } from 'drizzle-orm';
import { LedgerContext } from './ledger-context.js';
import { storedBalance } from './ledger-tables.js';

describe('concurrency on real PostgreSQL', () => {
  let ctx: LedgerContext;

  beforeAll(async () => {
    ctx = await LedgerContext.start({ settings: { signupGrant: 1_000 } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('200 parallel stakes by one user whose balance covers exactly 100: 100 succeed, the rest are "Insufficient balance", the balance ends at 0 and never goes below', async () => {
    const site = await ctx.newSite('race.example');
    const racer = ctx.newUser('racer');
    await ctx
      .http()
      .get('/api/ledger/balance')
      .set(racer.headers())
      .expect(200, { bambooBalance: 1_000 });

    // Watch the stored balance while the race runs.
    const seen: number[] = [];
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        const balance = await storedBalance(ctx.db, racer.id);
        if (balance !== undefined) seen.push(balance);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx
          .http()
          .post('/api/stakes')
          .set(racer.headers())
          .send({ siteId: site, amount: 10, type: i % 2 ? 'support' : 'concern' }),
      ),
    );
    racing = false;
    await watcher;

    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 400);
    expect(created).toHaveLength(100);
    expect(refused).toHaveLength(100);
    expect(
      refused.every((a) => (a.body as { message: string }).message === 'Insufficient balance'),
    ).toBe(true);
    // Every answered balance is distinct: each stake saw the previous one's result.
    const balances = created
      .map((a) => (a.body as { bambooBalance: number }).bambooBalance)
      .sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 100 }, (_, i) => i * 10));
    expect(await storedBalance(ctx.db, racer.id)).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);

    const { rows } = await ctx.db.execute(sql`
      select (select count(*)::int from ledger.stakes where user_id = ${racer.id}) as stakes,
             (select balance from ledger.accounts where site_id = ${site}) as pool,
             (select count(*)::int from ledger.outbox where key = ${String(site)}) as events`);
    expect(rows[0]).toEqual({ stakes: 100, pool: '1000', events: 100 });
    expect((await ctx.audit()).violations).toEqual([]);
  });

  it('refuses a negative balance in the database itself (CHECK), whatever the code does', async () => {
    const user = ctx.newUser('direct');
    await ctx.accounts.ensureOpen(user.id);
    await expect(
      ctx.db.execute(sql`update ledger.accounts set balance = -1 where user_id = ${user.id}`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '23514',
        constraint: 'accounts_balance_not_negative',
      }),
    });
    await expect(
      ctx.db.execute(
        sql`update ledger.accounts set balance = balance - 1001 where user_id = ${user.id}`,
      ),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23514' }),
    });
    expect(await storedBalance(ctx.db, user.id)).toBe(1_000);
  });

  it('refuses an unbalanced journal transaction at commit, and any edit of the journal', async () => {
    const user = ctx.newUser('forger');
    await ctx.accounts.ensureOpen(user.id);
    const { rows } = await ctx.db.execute(
      sql`select id from ledger.accounts where user_id = ${user.id}`,
    );
    const accountId = rows[0]!.id;
    await expect(
      ctx.db.transaction(async (tx) => {
        const inserted = await tx.execute(
          sql`insert into ledger.journal_transactions (kind, reference) values ('stake', 'forged') returning id`,
        );
        await tx.execute(
          sql`insert into ledger.journal_entries (transaction_id, account_id, amount) values (${inserted.rows[0]!.id}, ${accountId}, 500)`,
        );
      }),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: '23514',
        message: expect.stringContaining('does not balance'),
      }),
    });
    await expect(
      ctx.db.execute(sql`update ledger.journal_entries set amount = amount * 2`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('append-only') }),
    });
    await expect(
      ctx.db.execute(sql`delete from ledger.journal_transactions`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringContaining('append-only') }),
    });
    expect((await ctx.audit()).violations).toEqual([]);
  });
});
