import { Inject, Injectable } from '@nestjs/common';
import type { Database, Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

/** Where a service opens a unit of work; the repositories it calls do their I/O through `tx`. */
@Injectable()
export class Transactions {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}

/** Either the database or an open transaction: reads work on both. */
export type Executor = Database | Transaction;
