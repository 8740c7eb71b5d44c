// One analysis, end to end: fetch (safely), run the pipeline, let the LLM refine the words if
// configured, then store the result and its site-analyzed event in one transaction.
import { Inject, Injectable } from '@nestjs/common';
import type { AnalysisEngine } from '@frenly/contracts';
import type { Database } from '@frenly/db';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { performance } from 'node:perf_hooks';
import { AnalysisError } from '../analysis.errors.js';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { PageFetcher } from '../fetching/page-fetcher.js';
import { InsightRefiner } from '../llm/insight-refiner.js';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import { AnalysisOutbox } from '../outbox/analysis-outbox.js';
import { analyzePage } from '../pipeline/analyze-page.js';
import { withBrowserPending, withoutBrowser } from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { AnalysesRepository, type AnalysisRow } from './analyses.repository.js';
import type { AnalysisRequester } from './analysis-fairness.js';
import { BrowserAnalysisJobs } from './browser-analysis.jobs.js';
import { BrowserTierProvider } from './browser-tier.provider.js';
import { SnapshotsRepository } from './snapshots.repository.js';
import { owesAPersonAVisit } from './crawled-browser-visits.js';
import { siteAnalyzedEvent } from './site-analyzed-event.js';

@Injectable()
export class AnalysisRunner {
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly fetcher: PageFetcher,
    private readonly catalog: TrackerCatalog,
    private readonly refiner: InsightRefiner,
    private readonly analyses: AnalysesRepository,
    private readonly siteRefs: SiteRefsRepository,
    private readonly community: CommunityReader,
    private readonly outbox: AnalysisOutbox,
    private readonly metrics: AnalysisMetrics,
    private readonly browserTier: BrowserTierProvider,
    private readonly browserJobs: BrowserAnalysisJobs,
    private readonly snapshots: SnapshotsRepository,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('AnalysisRunner');
  }

  /**
   * Analyses `url` (canonical) and returns the stored row's id; a refusal is stored as a failed row.
   * The HTML tier's report is stored at once; where Chromium runs, a browser-tier job then visits
   * the site and enriches it (browser-analysis.runner.ts), scheduled like this analysis.
   */
  async run(
    url: string,
    signal?: AbortSignal,
    requester: AnalysisRequester = { kind: 'background' },
  ): Promise<string> {
    // A worker elsewhere may have just finished this URL (the job id only de-duplicates per round).
    const recent = await this.analyses.latestFor(url);
    if (
      recent &&
      isFresh(recent, this.settings) &&
      !(requester.kind === 'user' && owesAPersonAVisit(recent, this.browserTier.available))
    )
      return recent.id;

    const started = performance.now();
    let snapshot;
    try {
      snapshot = await this.fetcher.fetch(url, signal);
    } catch (error) {
      if (!(error instanceof AnalysisError)) throw error;
      const row = await this.analyses.insertFailed({
        url,
        errorCode: error.code,
        errorMessage: error.message,
        durationMs: Math.round(performance.now() - started),
      });
      this.metrics.analyses.inc({ outcome: 'failed', engine: 'none' });
      this.logger.entry('info', 'analysis refused or failed', { url, code: error.code });
      return row.id;
    }
    const fetched = performance.now();
    this.metrics.duration.observe({ stage: 'fetch' }, (fetched - started) / 1000);

    const siteId = await this.siteRefs.siteIdOf(url);
    const community = siteId === undefined ? null : await this.community.totalsOf(siteId);
    let report = analyzePage(snapshot, this.catalog, community);
    const analysed = performance.now();
    this.metrics.duration.observe({ stage: 'pipeline' }, (analysed - fetched) / 1000);

    let engine: AnalysisEngine = 'heuristic';
    if (this.refiner.enabled) {
      const refined = await this.refiner.refine(report, signal);
      this.metrics.duration.observe({ stage: 'llm' }, (performance.now() - analysed) / 1000);
      if (refined) {
        report = { ...report, ...refined } satisfies AnalysisReport;
        engine = 'llm';
      }
    }

    const unavailable = this.browserTier.unavailableReason;
    report =
      unavailable === null
        ? withBrowserPending(report)
        : withoutBrowser(report, 'unavailable', unavailable);

    const durationMs = Math.round(performance.now() - started);
    const row = await this.db.transaction(async (tx) => {
      const stored = await this.analyses.insertCompleted(tx, { url, engine, report, durationMs });
      // What was scored, kept so that a new scoring version re-scores it without a fetch.
      await this.snapshots.save(tx, url, stored.id, snapshot);
      await this.outbox.write(tx, [
        siteAnalyzedEvent(url, report, { id: stored.id, engine, analyzedAt: stored.createdAt }),
      ]);
      return stored;
    });
    this.outbox.committed();
    if (unavailable === null) await this.browserJobs.schedule(row.id, url, requester);
    this.metrics.analyses.inc({ outcome: 'completed', engine });
    this.metrics.duration.observe({ stage: 'total' }, durationMs / 1000);
    return row.id;
  }
}

/** A completed analysis within the cache TTL, or a failure within the failure TTL. */
export function isFresh(
  row: AnalysisRow,
  settings: Pick<AnalysisSettings, 'cacheTtlMs' | 'failureTtlMs'>,
  now = Date.now(),
): boolean {
  const age = now - row.createdAt.getTime();
  return row.status === 'completed' ? age < settings.cacheTtlMs : age < settings.failureTtlMs;
}
