// The browser tier's job: visit an analysed site (homepage + one inner page) in a real browser,
// merge what it saw into the stored report (pipeline/enrich), store the screenshot, and announce
// the new report (analysis.site-analyzed: the catalogue takes the new score, the live service
// tells the screens showing this analysis). A visit that fails leaves the HTML tier's findings
// and says what was not checked and why.
import { Inject, Injectable } from '@nestjs/common';
import { analysisScreenshotPath, type AnalysisEngine } from '@frenly/contracts';
import type { SiteBrowserAnalysisJobResult } from '@frenly/jobs';
import type { Database } from '@frenly/db';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { performance } from 'node:perf_hooks';
import { BrowserTierError, observeSite, type SiteObservation } from '../browser/index.js';
import { InsightRefiner } from '../llm/insight-refiner.js';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import { AnalysisOutbox } from '../outbox/analysis-outbox.js';
import {
  BrowserUnavailableReasons,
  enrichReport,
  withoutBrowser,
} from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { AnalysesRepository, reportOf } from './analyses.repository.js';
import { BrowserTierProvider } from './browser-tier.provider.js';
import { ScreenshotsRepository } from './screenshots.repository.js';
import { SnapshotsRepository } from './snapshots.repository.js';
import { siteAnalyzedEvent } from './site-analyzed-event.js';

type Outcome = SiteBrowserAnalysisJobResult['state'];

@Injectable()
export class BrowserAnalysisRunner {
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly browserTier: BrowserTierProvider,
    private readonly catalog: TrackerCatalog,
    private readonly refiner: InsightRefiner,
    private readonly analyses: AnalysesRepository,
    private readonly screenshots: ScreenshotsRepository,
    private readonly snapshots: SnapshotsRepository,
    private readonly outbox: AnalysisOutbox,
    private readonly metrics: AnalysisMetrics,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('BrowserAnalysisRunner');
  }

  async run(analysisId: string, signal: AbortSignal): Promise<Outcome> {
    const row = await this.analyses.getById(analysisId);
    if (row?.status !== 'completed') return 'skipped';
    const html = reportOf(row);
    // Another worker finished it (a retried or duplicated job): nothing to do.
    if (html.browser?.state !== 'pending') return 'skipped';

    const unavailable = this.browserTier.unavailableReason;
    if (unavailable !== null) {
      return this.store(
        row.url,
        analysisId,
        withoutBrowser(html, 'unavailable', unavailable),
        null,
        signal,
      );
    }
    const started = performance.now();
    let site: SiteObservation;
    try {
      site = await untilAborted(
        observeSite(this.browserTier.get(), html.finalUrl, this.browserTier.siteBudgetMs),
        signal,
      );
    } catch (error) {
      const reason = signal.aborted
        ? BrowserUnavailableReasons.timedOut
        : error instanceof BrowserTierError
          ? BrowserUnavailableReasons.failed
          : null;
      if (reason === null) throw error;
      this.logger.entry('warn', 'the browser tier could not visit the site', {
        analysisId,
        url: html.finalUrl,
        error: String(error),
      });
      return this.store(row.url, analysisId, withoutBrowser(html, 'failed', reason), null, signal);
    }
    this.metrics.duration.observe({ stage: 'browser' }, (performance.now() - started) / 1000);
    const png = site.homepage.screenshotPng;
    const merged = enrichReport(html, site, {
      catalog: this.catalog,
      screenshotUrl: png ? analysisScreenshotPath(analysisId) : null,
      checkedAt: new Date().toISOString(),
    });
    // The HTML part an older scorer wrote (a release while the visit waited) keeps the report at
    // that version, so that the rescoring scores the whole of it again from the snapshot.
    const enriched = {
      ...merged,
      scoringVersion: Math.min(html.scoringVersion, merged.scoringVersion),
    };
    return this.store(row.url, analysisId, enriched, png, signal, site);
  }

  private async store(
    url: string,
    analysisId: string,
    enriched: AnalysisReport,
    png: Buffer | null,
    signal: AbortSignal,
    /** What the browser saw, kept with the page so that a new scoring version re-scores both. */
    site?: SiteObservation,
  ): Promise<Outcome> {
    let report = enriched;
    let engine: AnalysisEngine = 'heuristic';
    // The scores changed, so the words are written again: by the LLM when configured (as for
    // the HTML tier), else by the rules; the stored engine says which.
    if (this.refiner.enabled && !signal.aborted) {
      const refined = await this.refiner.refine(report, signal);
      if (refined) {
        report = { ...report, ...refined };
        engine = 'llm';
      }
    }
    const stored = await this.db.transaction(async (tx) => {
      const updated = await this.analyses.replacePendingReport(tx, analysisId, { engine, report });
      if (!updated) return undefined;
      if (png) await this.screenshots.save(tx, analysisId, png);
      if (site) await this.snapshots.saveObservation(tx, analysisId, site);
      // analyzedAt: now, so that the catalogue replaces the HTML tier's numbers (it keeps the newest).
      await this.outbox.write(tx, [
        siteAnalyzedEvent(url, report, { id: analysisId, engine, analyzedAt: new Date() }),
      ]);
      return updated;
    });
    if (!stored) return 'skipped';
    this.outbox.committed();
    const state = report.browser?.state;
    return state === 'done' || state === 'failed' || state === 'unavailable' ? state : 'skipped';
  }
}

/** The visit, or a rejection as soon as the job's time is up (the pool then recycles the page). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('the browser tier ran out of time'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
