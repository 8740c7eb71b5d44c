import { sql } from 'drizzle-orm';
import { LedgerContext } from './ledger-context.js';

/** Per site: the stored counters next to what the vote rows say they should be. */
async function countersAndRows(ctx: LedgerContext, sites: number[]) {
  const { rows } = await ctx.db.execute(sql`
    select s.site_id, s.upvotes, s.downvotes,
           (select count(*) from ledger.votes v where v.site_id = s.site_id and v.type = 'up') as up_rows,
           (select count(*) from ledger.votes v where v.site_id = s.site_id and v.type = 'down') as down_rows
    from ledger.site_stats s
    where s.site_id = any(${`{${sites.join(',')}}`}::int[])
    order by s.site_id`);
  return rows.map((r) => ({
    siteId: Number(r.site_id),
    upvotes: Number(r.upvotes),
    downvotes: Number(r.downvotes),
    upRows: Number(r.up_rows),
    downRows: Number(r.down_rows),
  }));
}

/** How far the counters are from the rows, summed over the sites (0 when they agree). */
const driftOf = (stats: Awaited<ReturnType<typeof countersAndRows>>) =>
  stats.reduce(
    (sum, s) => sum + Math.abs(s.upvotes - s.upRows) + Math.abs(s.downvotes - s.downRows),
    0,
  );

describe.each([
  ['real PostgreSQL', false],
  ['PGlite (embedded)', true],
])('votes under concurrency on %s (issue 12, item 1)', (_label, embedded) => {
  let ctx: LedgerContext;

  beforeAll(async () => {
    ctx = await LedgerContext.start({ embedded });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("keeps every site's counters equal to its vote rows through parallel bursts of alternating votes by one user and a few", async () => {
    const sites = [await ctx.newSite(), await ctx.newSite(), await ctx.newSite()];
    const heavy = ctx.newUser('flipper');
    const others = [ctx.newUser('a'), ctx.newUser('b'), ctx.newUser('c')];
    const BURSTS = 4;
    const PER_BURST = 100;
    const statuses: number[] = [];
    for (let burst = 0; burst < BURSTS; burst++) {
      // Most of each burst is one user flipping up/down on the same sites; the rest are other users.
      const answers = await Promise.all(
        Array.from({ length: PER_BURST }, (_, i) => {
          const user = i % 5 === 4 ? others[i % others.length]! : heavy;
          return ctx.vote(user, sites[i % sites.length]!, i % 2 === 0 ? 'up' : 'down');
        }),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    const stats = await countersAndRows(ctx, sites);
    expect(stats.map(({ siteId, upvotes, downvotes }) => ({ siteId, upvotes, downvotes }))).toEqual(
      stats.map(({ siteId, upRows, downRows }) => ({
        siteId,
        upvotes: upRows,
        downvotes: downRows,
      })),
    );
    expect(driftOf(stats)).toBe(0);
    // Four users: no site can show more than four votes, whatever the order of the requests.
    for (const s of stats) expect(s.upvotes + s.downvotes).toBeLessThanOrEqual(1 + others.length);
    // A drifted counter below zero breaks the table's CHECK: those votes answered 500.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await ctx.audit()).violations).toEqual([]);
  });
});
