import { Inject, Injectable } from '@nestjs/common';
import { idempotencyKeys, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';

export interface StoredAnswer {
  readonly requestHash: string;
  readonly statusCode: number;
  readonly response: unknown;
}

/** ledger.idempotency_keys: the first answer per (user, Idempotency-Key). */
@Injectable()
export class IdempotencyRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(
    userId: string,
    key: string,
    executor: Executor = this.db,
  ): Promise<StoredAnswer | undefined> {
    const [row] = await executor
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    return row;
  }

  /** Stores the answer; the primary key refuses a second one for the same user and key. */
  async save(tx: Executor, userId: string, key: string, answer: StoredAnswer): Promise<void> {
    await tx.insert(idempotencyKeys).values({ userId, key, ...answer });
  }

  /** Forgets keys stored before `before`; returns how many. */
  async deleteOlderThan(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .returning({ key: idempotencyKeys.key });
    return deleted.length;
  }
}
