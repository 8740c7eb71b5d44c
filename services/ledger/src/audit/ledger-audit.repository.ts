import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { sql } from 'drizzle-orm';

/** The ledger's books at one instant, and every broken invariant found in them. */
export interface LedgerAudit {
  /** Sum of all signup grants ever booked (the bamboo that exists). */
  readonly grantsTotal: number;
  readonly userAccountsTotal: number;
  readonly sitePoolsTotal: number;
  readonly issuanceBalance: number;
  readonly journalTotal: number;
  readonly userAccounts: number;
  readonly stakes: number;
  readonly votes: number;
  /** Human-readable invariant violations; empty when the books are right. */
  readonly violations: string[];
}

const n = (value: unknown): number => Number(value ?? 0);

/**
 * Read-only checks of the double-entry books (tests, the benchmark, an operator's sanity
 * check). Runs in one repeatable-read transaction so that every figure comes from the same snapshot.
 */
@Injectable()
export class LedgerAuditRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  audit(): Promise<LedgerAudit> {
    return this.db.transaction(
      async (tx) => {
        const one = async (query: ReturnType<typeof sql>): Promise<Record<string, unknown>> =>
          (await tx.execute(query)).rows[0] ?? {};
        const totals = await one(sql`
          select
            coalesce(sum(balance) filter (where kind = 'user'), 0) as users,
            coalesce(sum(balance) filter (where kind = 'site_pool'), 0) as pools,
            coalesce(sum(balance) filter (where kind = 'issuance'), 0) as issuance,
            count(*) filter (where kind = 'user') as user_accounts,
            count(*) filter (where kind <> 'issuance' and balance < 0) as negative
          from ledger.accounts`);
        const journal = await one(sql`
          select
            coalesce((select sum(amount) from ledger.journal_entries), 0) as total,
            coalesce((select sum(e.amount) from ledger.journal_entries e join ledger.journal_transactions t on t.id = e.transaction_id
                      where t.kind = 'signup_grant' and e.amount > 0), 0) as grants,
            (select count(*) from (select transaction_id from ledger.journal_entries group by transaction_id having sum(amount) <> 0) u) as unbalanced,
            (select count(*) from ledger.journal_transactions t where not exists (select 1 from ledger.journal_entries e where e.transaction_id = t.id)) as empty`);
        const accountsOffJournal = await one(sql`
          select count(*) as count from ledger.accounts a
          left join (select account_id, sum(amount) as total from ledger.journal_entries group by account_id) e on e.account_id = a.id
          where a.balance <> coalesce(e.total, 0)`);
        const pools = await one(sql`
          select count(*) as count from ledger.site_stats s
          left join ledger.accounts p on p.kind = 'site_pool' and p.site_id = s.site_id
          left join (select site_id, sum(amount) filter (where type = 'support') as support, sum(amount) filter (where type = 'concern') as concern
                     from ledger.stakes group by site_id) k on k.site_id = s.site_id
          where coalesce(p.balance, -1) <> s.support_total + s.concern_total
             or s.support_total <> coalesce(k.support, 0) or s.concern_total <> coalesce(k.concern, 0)`);
        const voteCounts = await one(sql`
          select count(*) as count from ledger.site_stats s
          left join (select site_id, count(*) filter (where type = 'up') as up, count(*) filter (where type = 'down') as down
                     from ledger.votes group by site_id) v on v.site_id = s.site_id
          where s.upvotes <> coalesce(v.up, 0) or s.downvotes <> coalesce(v.down, 0)`);
        const counts = await one(
          sql`select (select count(*) from ledger.stakes) as stakes, (select count(*) from ledger.votes) as votes`,
        );

        const audit = {
          grantsTotal: n(journal.grants),
          userAccountsTotal: n(totals.users),
          sitePoolsTotal: n(totals.pools),
          issuanceBalance: n(totals.issuance),
          journalTotal: n(journal.total),
          userAccounts: n(totals.user_accounts),
          stakes: n(counts.stakes),
          votes: n(counts.votes),
        };
        const violations: string[] = [];
        const expect = (ok: boolean, message: string): void => {
          if (!ok) violations.push(message);
        };
        expect(
          audit.userAccountsTotal + audit.sitePoolsTotal === audit.grantsTotal,
          `accounts (${audit.userAccountsTotal}) + pools (${audit.sitePoolsTotal}) ≠ grants (${audit.grantsTotal})`,
        );
        expect(
          audit.issuanceBalance === -audit.grantsTotal,
          `issuance balance ${audit.issuanceBalance} ≠ −grants (${audit.grantsTotal})`,
        );
        expect(audit.journalTotal === 0, `the journal adds up to ${audit.journalTotal}, not 0`);
        expect(
          n(journal.unbalanced) === 0,
          `${n(journal.unbalanced)} journal transactions do not balance`,
        );
        expect(n(journal.empty) === 0, `${n(journal.empty)} journal transactions have no entries`);
        expect(n(totals.negative) === 0, `${n(totals.negative)} accounts have a negative balance`);
        expect(
          n(accountsOffJournal.count) === 0,
          `${n(accountsOffJournal.count)} account balances differ from their journal entries`,
        );
        expect(
          n(pools.count) === 0,
          `${n(pools.count)} sites' pools or totals differ from their stakes`,
        );
        expect(
          n(voteCounts.count) === 0,
          `${n(voteCounts.count)} sites' vote counts differ from their votes`,
        );
        return { ...audit, violations };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
