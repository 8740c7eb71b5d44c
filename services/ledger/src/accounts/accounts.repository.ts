import { Inject, Injectable } from '@nestjs/common';
import { ledgerAccounts, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';

export interface AccountBalance {
  readonly accountId: number;
  readonly balance: number;
}

/** ledger.accounts: the only code that reads or writes it. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findUserAccount(
    userId: string,
    executor: Executor = this.db,
  ): Promise<AccountBalance | undefined> {
    const [row] = await executor
      .select({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .limit(1);
    return row;
  }

  /** The user's account, locked until the transaction ends (serialises that user's stakes). */
  async lockUserAccount(tx: Executor, userId: string): Promise<AccountBalance | undefined> {
    const [row] = await tx
      .select({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .for('update')
      .limit(1);
    return row;
  }

  /** Creates the user's empty account; undefined when it already exists (the unique user_id decides). */
  async createUserAccount(tx: Executor, userId: string): Promise<number | undefined> {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ kind: 'user', userId, balance: 0 })
      .onConflictDoNothing({ target: ledgerAccounts.userId })
      .returning({ id: ledgerAccounts.id });
    return row?.id;
  }

  /** Adds `delta` (negative to take) to an account by id; the balance CHECK refuses a negative result. */
  async adjust(tx: Executor, accountId: number, delta: number): Promise<AccountBalance> {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(eq(ledgerAccounts.id, accountId))
      .returning({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance });
    if (!row) throw new Error(`ledger account ${accountId} does not exist`);
    return row;
  }

  /** Adds `delta` to the issuance account (signup grants make it more negative). */
  async adjustIssuance(tx: Executor, delta: number): Promise<AccountBalance> {
    const [row] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}` })
      .where(eq(ledgerAccounts.kind, 'issuance'))
      .returning({ accountId: ledgerAccounts.id, balance: ledgerAccounts.balance });
    if (!row) throw new Error('the ledger issuance account is missing (migration 0002 creates it)');
    return row;
  }

  /** Opens the stake pool of a newly known site (nothing when it exists). */
  async createSitePool(tx: Executor, siteId: number): Promise<void> {
    await tx
      .insert(ledgerAccounts)
      .values({ kind: 'site_pool', siteId, balance: 0 })
      .onConflictDoNothing({ target: ledgerAccounts.siteId });
  }
}
