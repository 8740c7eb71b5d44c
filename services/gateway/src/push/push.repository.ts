import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { pushSubscriptions, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

export interface PushSubscriptionRecord {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly expiresAt: Date | null;
}

@Injectable()
export class PushSubscriptionRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Stores the user's subscription; the user's own row with the same endpoint is replaced (the
   * browser renewed its keys). Rows are unique per (user, endpoint): the same endpoint sent by
   * another account is that account's row, and never changes this one.
   */
  async upsert(userId: string, subscription: PushSubscriptionRecord, now: Date): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), userId, ...subscription, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
        set: { ...subscription, updatedAt: now },
      });
  }
}
