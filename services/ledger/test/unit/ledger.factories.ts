// Shared pieces of the ledger's unit specs: fake collaborators and small factories.
import { jest } from '@jest/globals';
import type { Transaction } from '@frenly/db';
import { MetricsService } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { Transactions } from '../../src/db/transactions.js';
import { LedgerMetrics } from '../../src/metrics/ledger.metrics.js';
import { LedgerOutbox } from '../../src/outbox/ledger-outbox.js';
import type { StakeRequest } from '../../src/stakes/stake-request.js';

/** The transaction handle the fake unit of work passes to repositories. */
export const fakeTx = { fake: 'transaction' } as unknown as Transaction;

/** Runs the work at once with `fakeTx`; `committed` counts units of work that finished without throwing. */
export function fakeTransactions(): Transactions & { committed: number } {
  const transactions = {
    committed: 0,
    async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const result = await work(fakeTx);
      transactions.committed += 1;
      return result;
    },
  };
  return transactions as unknown as Transactions & { committed: number };
}

export function fakeOutbox(): jest.Mocked<LedgerOutbox> {
  const outbox = fakeOf<LedgerOutbox>();
  outbox.write.mockResolvedValue(undefined);
  return outbox;
}

/** The real LedgerMetrics on a private registry, so a spec can read what was counted. */
export function newLedgerMetrics(): LedgerMetrics {
  return new LedgerMetrics(new MetricsService({ service: 'ledger-unit', defaultMetrics: false }));
}

export { counted } from '@frenly/testing';

export const factory = {
  stakeRequest: (overrides: Partial<StakeRequest> = {}): StakeRequest => ({
    siteId: 42,
    amount: 10,
    type: 'support',
    message: null,
    ...overrides,
  }),
  account: (balance: number) => ({ accountId: 7, balance }),
  booked: (balance = 990) => ({
    balance,
    supportTotal: 10,
    concernTotal: 0,
    siteVersion: 3,
    domain: 'example.org',
  }),
  siteTotals: (
    overrides: Partial<{
      siteId: number;
      upvotes: number;
      downvotes: number;
      supportTotal: number;
      concernTotal: number;
      version: number;
    }> = {},
  ) => ({
    siteId: 42,
    upvotes: 0,
    downvotes: 0,
    supportTotal: 0,
    concernTotal: 0,
    version: 1,
    ...overrides,
  }),
};
