import { readdirSync, readFileSync } from 'node:fs';
import { IDEMPOTENT_REPLAYED_HEADER, type SiteCommunityResponse } from '@frenly/contracts';
import { LedgerContext, type TestUser } from './ledger-context.js';
import { storedBalance } from './ledger-tables.js';

/** One ledger scenario with hand-computed results (test/fixtures/ledger-scenarios/*.json). */
interface Scenario {
  description: string;
  signupGrant: number;
  sites: string[];
  steps: Array<{
    as: string;
    balance?: true;
    stake?: { site?: string; siteId?: number; amount: number; type: string; message?: string };
    vote?: { site: string; type: string };
    idempotencyKey?: string;
    expect: {
      status: number;
      bambooBalance?: number;
      upvotes?: number;
      downvotes?: number;
      message?: string;
      replayed?: boolean;
    };
  }>;
  expected: {
    balances: Record<string, number>;
    unopened?: string[];
    sites: Record<
      string,
      Omit<SiteCommunityResponse, 'siteId' | 'recentStakes'> & { recentStakeAmounts: number[] }
    >;
    books: {
      grantsTotal: number;
      userAccountsTotal: number;
      sitePoolsTotal: number;
      issuanceBalance: number;
      stakes: number;
    };
  };
}

const folder = new URL('./fixtures/ledger-scenarios/', import.meta.url);
const scenarios = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map(
    (name) => [name, JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as Scenario] as const,
  );

describe('ledger arithmetic against golden scenarios', () => {
  it('has scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(5);
  });

  it.each(scenarios)('%s', async (_name, scenario) => {
    const ctx = await LedgerContext.start({ settings: { signupGrant: scenario.signupGrant } });
    try {
      const siteIds = new Map<string, number>();
      for (const domain of scenario.sites) siteIds.set(domain, await ctx.newSite(domain));
      const users = new Map<string, TestUser>();
      const user = (name: string) =>
        users.get(name) ?? users.set(name, ctx.newUser(name)).get(name)!;

      for (const [index, step] of scenario.steps.entries()) {
        const who = user(step.as);
        let res;
        if (step.balance) {
          res = await ctx.http().get('/api/ledger/balance').set(who.headers());
        } else if (step.vote) {
          res = await ctx
            .http()
            .post(`/api/sites/${siteIds.get(step.vote.site)}/vote`)
            .set(who.headers())
            .send({ type: step.vote.type });
        } else if (step.stake) {
          const { site, siteId, ...rest } = step.stake;
          let call = ctx.http().post('/api/stakes').set(who.headers());
          if (step.idempotencyKey) call = call.set('Idempotency-Key', step.idempotencyKey);
          res = await call.send({ siteId: siteId ?? siteIds.get(site!), ...rest });
        } else {
          throw new Error(`step ${index} does nothing`);
        }
        const { status, replayed, ...fields } = step.expect;
        const label = `step ${index} (${step.as})`;
        expect([label, res.status]).toEqual([label, status]);
        expect([label, res.body]).toEqual([label, expect.objectContaining(fields)]);
        if (replayed !== undefined)
          expect(res.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === 'true').toBe(replayed);
      }

      for (const [name, balance] of Object.entries(scenario.expected.balances)) {
        expect([name, await storedBalance(ctx.db, user(name).id)]).toEqual([name, balance]);
      }
      for (const name of scenario.expected.unopened ?? [])
        expect(await storedBalance(ctx.db, user(name).id)).toBeUndefined();
      for (const [domain, { recentStakeAmounts, ...totals }] of Object.entries(
        scenario.expected.sites,
      )) {
        const community = (
          await ctx
            .http()
            .get(`/api/sites/${siteIds.get(domain)}/community`)
            .expect(200)
        ).body as SiteCommunityResponse;
        expect([domain, community]).toEqual([domain, expect.objectContaining(totals)]);
        expect([domain, community.recentStakes.map((s) => s.amount)]).toEqual([
          domain,
          recentStakeAmounts,
        ]);
      }
      const audit = await ctx.audit();
      expect(audit).toMatchObject({ ...scenario.expected.books, journalTotal: 0, violations: [] });
    } finally {
      await ctx.close();
    }
  });
});
