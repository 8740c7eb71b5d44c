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

  /** Stores the user's subscription; an existing row with the same endpoint is replaced (and now theirs). */
  async upsert(userId: string, subscription: PushSubscriptionRecord, now: Date): Promise<void> {
    await this.db
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), userId, ...subscription, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, ...subscription, updatedAt: now },
      });
  }
}
