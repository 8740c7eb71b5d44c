import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { users, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { eq } from 'drizzle-orm';
import type { ProviderProfile } from '../auth/providers/sign-in-client.js';

export type UserRow = typeof users.$inferSelect;

@Injectable()
export class UserRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the user the first time a provider vouches for them; refreshes the profile after. */
  async upsertFromProvider(
    provider: string,
    subject: string,
    profile: ProviderProfile,
    now: Date,
  ): Promise<UserRow> {
    const [user] = await this.db
      .insert(users)
      .values({ id: randomUUID(), provider, subject, ...profile, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [users.provider, users.subject],
        set: { ...profile, updatedAt: now },
      })
      .returning();
    if (!user) throw new Error('user row was not written');
    return user;
  }

  async getById(id: string): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  }
}
