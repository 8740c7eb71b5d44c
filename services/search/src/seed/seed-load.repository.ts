import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { searchSeedLoads, type Database, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

/** search.seed_loads: which corpus versions were loaded. */
@Injectable()
export class SeedLoadRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async isLoaded(version: string): Promise<boolean> {
    const rows = await this.db
      .select({ version: searchSeedLoads.version })
      .from(searchSeedLoads)
      .where(eq(searchSeedLoads.version, version))
      .limit(1);
    return rows.length > 0;
  }

  /** Marks the version loaded; false when another process marked it first. */
  async markLoaded(tx: Transaction, version: string, siteCount: number): Promise<boolean> {
    const rows = await tx
      .insert(searchSeedLoads)
      .values({ version, siteCount })
      .onConflictDoNothing()
      .returning({ version: searchSeedLoads.version });
    return rows.length > 0;
  }
}
