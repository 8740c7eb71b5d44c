import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { installation, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { asc, sql } from 'drizzle-orm';

export interface Installation {
  readonly id: string;
  readonly createdAt: Date;
}

// Serialises first starts of several gateway processes on one PostgreSQL database.
const INSTALLATION_LOCK_KEY = 7_251_813_101;

@Injectable()
export class InstallationRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The installation row, written by the first start and read by every later one. */
  async getOrCreate(): Promise<Installation> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INSTALLATION_LOCK_KEY})`);
      const [existing] = await tx
        .select()
        .from(installation)
        .orderBy(asc(installation.createdAt))
        .limit(1);
      if (existing) return existing;
      const [created] = await tx.insert(installation).values({ id: randomUUID() }).returning();
      if (!created) throw new Error('installation row was not written');
      return created;
    });
  }
}
