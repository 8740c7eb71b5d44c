import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { analysisScreenshots, type Database, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

/** analysis.screenshots: the first screen of an analysed page, one PNG per analysis. */
@Injectable()
export class ScreenshotsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async save(tx: Database | Transaction, analysisId: string, png: Buffer): Promise<void> {
    await tx.insert(analysisScreenshots).values({ analysisId, png }).onConflictDoNothing();
  }

  async pngOf(analysisId: string): Promise<Buffer | undefined> {
    const [row] = await this.db
      .select({ png: analysisScreenshots.png })
      .from(analysisScreenshots)
      .where(eq(analysisScreenshots.analysisId, analysisId))
      .limit(1);
    return row?.png;
  }
}
