import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { analyses, analysisSnapshots, type Database, type Transaction } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import type { AnalysisReport } from '../pipeline/report.js';

export type AnalysisRow = typeof analyses.$inferSelect;

type Executor = Database | Transaction;

/** analysis.analyses: the only code that reads or writes it. */
@Injectable()
export class AnalysesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The newest attempt (completed or failed) for a URL. */
  async latestFor(url: string): Promise<AnalysisRow | undefined> {
    const [row] = await this.db
      .select()
      .from(analyses)
      .where(eq(analyses.url, url))
      .orderBy(desc(analyses.createdAt))
      .limit(1);
    return row;
  }

  /** The newest completed analysis among these URLs (a site may be known under several). */
  async latestCompletedAmong(urls: readonly string[]): Promise<AnalysisRow | undefined> {
    if (urls.length === 0) return undefined;
    const [row] = await this.db
      .select()
      .from(analyses)
      .where(and(inArray(analyses.url, [...urls]), eq(analyses.status, 'completed')))
      .orderBy(desc(analyses.createdAt))
      .limit(1);
    return row;
  }

  async getById(id: string): Promise<AnalysisRow | undefined> {
    const [row] = await this.db.select().from(analyses).where(eq(analyses.id, id)).limit(1);
    return row;
  }

  async insertCompleted(
    tx: Executor,
    entry: { url: string; engine: string; report: AnalysisReport; durationMs: number },
  ): Promise<AnalysisRow> {
    const [row] = await tx
      .insert(analyses)
      .values({
        url: entry.url,
        status: 'completed',
        engine: entry.engine,
        scoringVersion: entry.report.scoringVersion,
        frenlinessScore: entry.report.frenlinessScore,
        isVerified: entry.report.isVerified,
        report: entry.report,
        durationMs: entry.durationMs,
      })
      .returning();
    if (!row) throw new Error(`insert of the analysis of ${entry.url} returned no row`);
    return row;
  }

  /**
   * Replaces the report of a completed analysis whose browser part is still pending (the browser
   * tier's result); undefined when it is not pending any more (another worker finished it).
   */
  async replacePendingReport(
    tx: Executor,
    id: string,
    entry: { engine: string; report: AnalysisReport },
  ): Promise<AnalysisRow | undefined> {
    const [row] = await tx
      .update(analyses)
      .set({
        engine: entry.engine,
        scoringVersion: entry.report.scoringVersion,
        frenlinessScore: entry.report.frenlinessScore,
        isVerified: entry.report.isVerified,
        report: entry.report,
      })
      .where(
        and(
          eq(analyses.id, id),
          eq(analyses.status, 'completed'),
          sql`${analyses.report} -> 'browser' ->> 'state' = 'pending'`,
        ),
      )
      .returning();
    return row;
  }

  /**
   * Replaces the report of a completed analysis with the one scored again from its snapshot, if
   * nothing changed it meanwhile: still scored under `previousVersion`, its browser visit not
   * pending, and still its URL's latest analysis (the snapshot points to it). Undefined otherwise.
   */
  async replaceRescoredReport(
    tx: Executor,
    id: string,
    entry: { engine: string; report: AnalysisReport; previousVersion: number | null },
  ): Promise<AnalysisRow | undefined> {
    const [row] = await tx
      .update(analyses)
      .set({
        engine: entry.engine,
        scoringVersion: entry.report.scoringVersion,
        frenlinessScore: entry.report.frenlinessScore,
        isVerified: entry.report.isVerified,
        report: entry.report,
      })
      .where(
        and(
          eq(analyses.id, id),
          eq(analyses.status, 'completed'),
          sql`${analyses.scoringVersion} is not distinct from ${entry.previousVersion}`,
          sql`(${analyses.report} -> 'browser' ->> 'state') is distinct from 'pending'`,
          sql`exists (select 1 from ${analysisSnapshots} where ${analysisSnapshots.analysisId} = ${id})`,
        ),
      )
      .returning();
    return row;
  }

  /** Completed analyses since `since` whose browser part is still pending (newest first). */
  async pendingBrowser(since: Date, limit: number): Promise<Pick<AnalysisRow, 'id' | 'url'>[]> {
    return this.db
      .select({ id: analyses.id, url: analyses.url })
      .from(analyses)
      .where(
        and(
          eq(analyses.status, 'completed'),
          gt(analyses.createdAt, since),
          sql`${analyses.report} -> 'browser' ->> 'state' = 'pending'`,
        ),
      )
      .orderBy(desc(analyses.createdAt))
      .limit(limit);
  }

  async insertFailed(entry: {
    url: string;
    errorCode: string;
    errorMessage: string;
    durationMs: number;
  }): Promise<AnalysisRow> {
    const [row] = await this.db
      .insert(analyses)
      .values({
        url: entry.url,
        status: 'failed',
        errorCode: entry.errorCode,
        errorMessage: entry.errorMessage.slice(0, 1000),
        durationMs: entry.durationMs,
      })
      .returning();
    if (!row) throw new Error(`insert of the failed analysis of ${entry.url} returned no row`);
    return row;
  }
}

/** The stored report of a completed row. */
export function reportOf(row: AnalysisRow): AnalysisReport {
  if (row.status !== 'completed' || !row.report)
    throw new Error(`analysis ${row.id} has no report`);
  return row.report as AnalysisReport;
}
