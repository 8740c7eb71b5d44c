import { Inject, Injectable } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { Transactions } from '../db/transactions.js';
import { JournalRepository } from '../journal/journal.repository.js';
import { LEDGER_SETTINGS, type LedgerSettings } from '../ledger.settings.js';
import { LedgerMetrics } from '../metrics/ledger.metrics.js';
import { AccountsRepository } from './accounts.repository.js';

// Accounts are never deleted, so "this user has an account" can be remembered; the bound
// only keeps memory flat (forgetting costs one idempotent insert).
const REMEMBERED_ACCOUNTS_MAX = 100_000;

/** User accounts: opened with the one-time signup grant on a user's first contact. */
@Injectable()
export class AccountsService {
  private readonly opened = new Set<string>();
  private readonly logger: JsonLogger;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly journal: JournalRepository,
    private readonly transactions: Transactions,
    private readonly metrics: LedgerMetrics,
    @Inject(LEDGER_SETTINGS) private readonly settings: LedgerSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('AccountsService');
  }

  /**
   * Makes sure the user has an account. The first call for a user creates it and books the
   * signup grant (issuance → user) in the same transaction; the unique user_id makes that
   * happen once even when several first requests race.
   */
  async ensureOpen(userId: string): Promise<void> {
    if (this.opened.has(userId)) return;
    const grant = this.settings.signupGrant;
    const created = await this.transactions.run(async (tx) => {
      const accountId = await this.accounts.createUserAccount(tx, userId);
      if (accountId === undefined) return false;
      if (grant > 0) {
        const issuance = await this.accounts.adjustIssuance(tx, -grant);
        await this.accounts.adjust(tx, accountId, grant);
        await this.journal.record(tx, 'signup_grant', userId, [
          { accountId: issuance.accountId, amount: -grant },
          { accountId, amount: grant },
        ]);
      }
      return true;
    });
    if (created) {
      this.metrics.signupGrants.inc();
      this.logger.entry('debug', 'account opened', { userId, grant });
    }
    if (this.opened.size >= REMEMBERED_ACCOUNTS_MAX) this.opened.clear();
    this.opened.add(userId);
  }

  /** The user's balance (opening the account on first contact). */
  async balanceOf(userId: string): Promise<number> {
    await this.ensureOpen(userId);
    const account = await this.accounts.findUserAccount(userId);
    if (!account) throw new Error(`the account of user ${userId} vanished`);
    return account.balance;
  }
}
