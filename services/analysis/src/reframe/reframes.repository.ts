import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { analysisReframes, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

export type ReframeRow = typeof analysisReframes.$inferSelect;

/** analysis.reframes: the reframe cache. */
@Injectable()
export class ReframesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get(siteId: number, lens: string, contentHash: string): Promise<ReframeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(analysisReframes)
      .where(
        and(
          eq(analysisReframes.siteId, siteId),
          eq(analysisReframes.lens, lens),
          eq(analysisReframes.contentHash, contentHash),
        ),
      )
      .limit(1);
    return row;
  }

  async put(entry: Omit<ReframeRow, 'createdAt'>): Promise<void> {
    await this.db
      .insert(analysisReframes)
      .values(entry)
      .onConflictDoUpdate({
        target: [analysisReframes.siteId, analysisReframes.lens, analysisReframes.contentHash],
        set: {
          analysisId: entry.analysisId,
          engine: entry.engine,
          reframedContent: entry.reframedContent,
          actionableAdvice: entry.actionableAdvice,
          createdAt: new Date(),
        },
      });
  }
}
