import { Injectable } from '@nestjs/common';
import { journalEntries, journalTransactions, type JournalTransactionKind } from '@frenly/db';
import type { Executor } from '../db/transactions.js';

export interface JournalEntryInput {
  readonly accountId: number;
  /** Positive credits the account, negative debits it. */
  readonly amount: number;
}

/** ledger.journal_transactions and journal_entries: append-only. */
@Injectable()
export class JournalRepository {
  /**
   * Books one movement: a journal transaction and its entries, which must add up to zero
   * (checked here and again by the database at commit). Returns the transaction id.
   */
  async record(
    tx: Executor,
    kind: JournalTransactionKind,
    reference: string,
    entries: readonly JournalEntryInput[],
  ): Promise<number> {
    const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
    if (entries.length < 2 || total !== 0) {
      throw new Error(
        `unbalanced journal transaction ${kind}/${reference}: ${entries.length} entries adding up to ${total}`,
      );
    }
    const [row] = await tx
      .insert(journalTransactions)
      .values({ kind, reference })
      .returning({ id: journalTransactions.id });
    if (!row) throw new Error(`journal transaction ${kind}/${reference} returned no row`);
    await tx.insert(journalEntries).values(
      entries.map((entry) => ({
        transactionId: row.id,
        accountId: entry.accountId,
        amount: entry.amount,
      })),
    );
    return row.id;
  }
}
