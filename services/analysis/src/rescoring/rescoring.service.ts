// Scores one stored analysis again from its snapshot under the running scoring version: nothing
// is fetched. The new report replaces the old one on the same row and is announced
// (analysis.site-analyzed) in the same transaction, so the catalogue and live cards take it.
import { Inject, Injectable } from '@nestjs/common';
import type { AnalysisEngine } from '@frenly/contracts';
import type { AnalysisRescoreJobResult } from '@frenly/jobs';
import type { Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { AnalysesRepository, reportOf } from '../analyses/analyses.repository.js';
import { SnapshotsRepository } from '../analyses/snapshots.repository.js';
import { siteAnalyzedEvent } from '../analyses/site-analyzed-event.js';
import { InsightRefiner } from '../llm/insight-refiner.js';
import { AnalysisOutbox } from '../outbox/analysis-outbox.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { rescoreReport } from './rescore-report.js';
import { RescoringMetrics } from './rescoring.metrics.js';
import { RESCORING_SETTINGS, type RescoringSettings } from './rescoring.settings.js';

export type RescoreOutcome = AnalysisRescoreJobResult['outcome'];

@Injectable()
export class RescoringService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(RESCORING_SETTINGS) private readonly settings: RescoringSettings,
    private readonly analyses: AnalysesRepository,
    private readonly snapshots: SnapshotsRepository,
    private readonly siteRefs: SiteRefsRepository,
    private readonly community: CommunityReader,
    private readonly catalog: TrackerCatalog,
    private readonly refiner: InsightRefiner,
    private readonly outbox: AnalysisOutbox,
    private readonly metrics: RescoringMetrics,
  ) {}

  async rescore(analysisId: string, signal?: AbortSignal): Promise<RescoreOutcome> {
    const outcome = await this.attempt(analysisId, signal);
    this.metrics.rescores.inc({ outcome });
    return outcome;
  }

  private async attempt(analysisId: string, signal?: AbortSignal): Promise<RescoreOutcome> {
    const row = await this.analyses.getById(analysisId);
    if (row?.status !== 'completed') return 'skipped';
    const version = this.settings.scoringVersion;
    if ((row.scoringVersion ?? 0) >= version) return 'current';
    // Only the URL's latest analysis keeps a snapshot; older ones wait for the next crawl.
    const snapshot = await this.snapshots.forAnalysis(analysisId);
    if (!snapshot) return 'no-snapshot';

    const siteId = await this.siteRefs.siteIdOf(row.url);
    const community = siteId === undefined ? null : await this.community.totalsOf(siteId);
    const rescored = rescoreReport(reportOf(row), snapshot, {
      catalog: this.catalog,
      community,
      scoringVersion: version,
    });
    if (!rescored) return 'skipped';

    let report: AnalysisReport = rescored;
    let engine: AnalysisEngine = 'heuristic';
    // The words follow the new scores: by the LLM when configured, as for a new analysis.
    if (this.refiner.enabled) {
      const refined = await this.refiner.refine(report, signal);
      if (refined) {
        report = { ...report, ...refined };
        engine = 'llm';
      }
    }
    const stored = await this.db.transaction(async (tx) => {
      const updated = await this.analyses.replaceRescoredReport(tx, analysisId, {
        engine,
        report,
        previousVersion: row.scoringVersion,
      });
      if (!updated) return false;
      // analyzedAt: now, so that the catalogue replaces the old numbers (it keeps the newest).
      await this.outbox.write(tx, [
        siteAnalyzedEvent(
          row.url,
          report,
          { id: analysisId, engine, analyzedAt: new Date() },
          siteId,
        ),
      ]);
      return true;
    });
    if (!stored) return 'skipped';
    this.outbox.committed();
    return 'rescored';
  }
}
