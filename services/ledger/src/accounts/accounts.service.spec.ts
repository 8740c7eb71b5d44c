import { JsonLogger } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import {
  counted,
  fakeTransactions,
  fakeTx,
  newLedgerMetrics,
} from '../../test/unit/ledger.factories.js';
import { JournalRepository } from '../journal/journal.repository.js';
import { DEFAULT_LEDGER_SETTINGS } from '../ledger.settings.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';

const USER = 'user-1';
const ISSUANCE_ACCOUNT = 1;
const USER_ACCOUNT = 7;

function setup(signupGrant = 1_000) {
  const accounts = fakeOf<AccountsRepository>();
  const journal = fakeOf<JournalRepository>();
  const transactions = fakeTransactions();
  const metrics = newLedgerMetrics();
  const logger = new JsonLogger({ service: 'ledger-unit', level: 'error', write: () => undefined });
  accounts.createUserAccount.mockResolvedValue(USER_ACCOUNT);
  accounts.adjustIssuance.mockResolvedValue({ accountId: ISSUANCE_ACCOUNT, balance: -signupGrant });
  accounts.adjust.mockResolvedValue({ accountId: USER_ACCOUNT, balance: signupGrant });
  accounts.findUserAccount.mockResolvedValue({ accountId: USER_ACCOUNT, balance: signupGrant });
  journal.record.mockResolvedValue(undefined as never);
  const sut = new AccountsService(
    accounts,
    journal,
    transactions,
    metrics,
    { ...DEFAULT_LEDGER_SETTINGS, signupGrant },
    logger,
  );
  return { sut, accounts, journal, transactions, metrics };
}

describe(AccountsService.name, () => {
  describe('ensureOpen', () => {
    it('opens the account with the signup grant moved from issuance, journalled in the same transaction', async () => {
      const { sut, accounts, journal, transactions, metrics } = setup(1_000);

      await sut.ensureOpen(USER);

      expect(accounts.createUserAccount).toHaveBeenCalledWith(fakeTx, USER);
      expect(accounts.adjustIssuance).toHaveBeenCalledWith(fakeTx, -1_000);
      expect(accounts.adjust).toHaveBeenCalledWith(fakeTx, USER_ACCOUNT, 1_000);
      expect(journal.record).toHaveBeenCalledWith(fakeTx, 'signup_grant', USER, [
        { accountId: ISSUANCE_ACCOUNT, amount: -1_000 },
        { accountId: USER_ACCOUNT, amount: 1_000 },
      ]);
      expect(transactions.committed).toBe(1);
      expect(await counted(metrics.signupGrants)).toBe(1);
    });

    it('grants nothing when the account already existed (a racing first request opened it)', async () => {
      const { sut, accounts, journal, metrics } = setup();
      accounts.createUserAccount.mockResolvedValue(undefined);

      await sut.ensureOpen(USER);

      expect(accounts.adjust).not.toHaveBeenCalled();
      expect(journal.record).not.toHaveBeenCalled();
      expect(await counted(metrics.signupGrants)).toBe(0);
    });

    it('opens without moving bamboo when the grant is zero', async () => {
      const { sut, accounts, journal, metrics } = setup(0);

      await sut.ensureOpen(USER);

      expect(accounts.createUserAccount).toHaveBeenCalledTimes(1);
      expect(accounts.adjustIssuance).not.toHaveBeenCalled();
      expect(journal.record).not.toHaveBeenCalled();
      expect(await counted(metrics.signupGrants)).toBe(1);
    });

    it('remembers an opened account and does not touch the database again', async () => {
      const { sut, accounts, transactions } = setup();

      await sut.ensureOpen(USER);
      await sut.ensureOpen(USER);

      expect(accounts.createUserAccount).toHaveBeenCalledTimes(1);
      expect(transactions.committed).toBe(1);
    });

    it('does not remember an account whose opening failed', async () => {
      const { sut, accounts } = setup();
      accounts.adjust.mockRejectedValueOnce(new Error('deadlock'));

      await expect(sut.ensureOpen(USER)).rejects.toThrow('deadlock');
      await sut.ensureOpen(USER);

      expect(accounts.createUserAccount).toHaveBeenCalledTimes(2);
    });
  });

  describe('balanceOf', () => {
    it('opens the account on first contact and reads its balance', async () => {
      const { sut, accounts } = setup(1_000);

      await expect(sut.balanceOf(USER)).resolves.toBe(1_000);
      expect(accounts.createUserAccount).toHaveBeenCalledTimes(1);
      expect(accounts.findUserAccount).toHaveBeenCalledWith(USER);
    });

    it('fails loudly when the account vanished', async () => {
      const { sut, accounts } = setup();
      accounts.findUserAccount.mockResolvedValue(undefined);

      await expect(sut.balanceOf(USER)).rejects.toThrow(`the account of user ${USER} vanished`);
    });
  });
});
