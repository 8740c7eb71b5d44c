import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { analyses, analysisSnapshots, type Database, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import type { SiteObservation } from '../browser/index.js';
import type { PageSnapshot } from '../pipeline/snapshot.js';
import {
  decodeObservation,
  decodePage,
  encodeObservation,
  encodePage,
  type AnalysisSnapshot,
} from './analysis-snapshot.js';

type Executor = Database | Transaction;

/** analysis.snapshots: the only code that reads or writes it. One row per URL, the latest analysis's. */
@Injectable()
export class SnapshotsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The page an analysis was scored from; replaces the URL's previous snapshot (and its browser part). */
  async save(tx: Executor, url: string, analysisId: string, page: PageSnapshot): Promise<void> {
    const stored = encodePage(page);
    const row = { analysisId, page: stored, browser: null, bytes: stored.length };
    await tx
      .insert(analysisSnapshots)
      .values({ url, ...row })
      .onConflictDoUpdate({
        target: analysisSnapshots.url,
        set: { ...row, updatedAt: new Date() },
      });
  }

  /** Adds what the browser tier saw to the snapshot of the analysis it enriched (if still the latest). */
  async saveObservation(tx: Executor, analysisId: string, site: SiteObservation): Promise<void> {
    const stored = encodeObservation(site);
    await tx
      .update(analysisSnapshots)
      .set({
        browser: stored,
        bytes: sql`octet_length(${analysisSnapshots.page}) + ${stored.length}`,
        updatedAt: new Date(),
      })
      .where(eq(analysisSnapshots.analysisId, analysisId));
  }

  /** The snapshot of this analysis, while it is its URL's latest; undefined otherwise. */
  async forAnalysis(analysisId: string): Promise<AnalysisSnapshot | undefined> {
    const [row] = await this.db
      .select({ page: analysisSnapshots.page, browser: analysisSnapshots.browser })
      .from(analysisSnapshots)
      .where(eq(analysisSnapshots.analysisId, analysisId))
      .limit(1);
    if (!row) return undefined;
    return {
      page: decodePage(row.page),
      browser: row.browser ? decodeObservation(row.browser) : null,
    };
  }

  /**
   * Completed analyses with a snapshot, scored under a version older than `version`, newest first;
   * those whose browser visit is still pending are left to it (it scores them when it lands).
   */
  async scoredBefore(version: number, limit: number): Promise<{ id: string; url: string }[]> {
    return this.db
      .select({ id: analyses.id, url: analyses.url })
      .from(analysisSnapshots)
      .innerJoin(analyses, eq(analyses.id, analysisSnapshots.analysisId))
      .where(
        and(
          eq(analyses.status, 'completed'),
          lt(analyses.scoringVersion, version),
          sql`(${analyses.report} -> 'browser' ->> 'state') is distinct from 'pending'`,
        ),
      )
      .orderBy(desc(analyses.createdAt))
      .limit(limit);
  }

  /** How many snapshots are kept, and their stored size in bytes. */
  async totals(): Promise<{ snapshots: number; bytes: number }> {
    const [row] = await this.db
      .select({
        snapshots: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${analysisSnapshots.bytes}), 0)::bigint`,
      })
      .from(analysisSnapshots);
    return { snapshots: Number(row?.snapshots ?? 0), bytes: Number(row?.bytes ?? 0) };
  }
}
