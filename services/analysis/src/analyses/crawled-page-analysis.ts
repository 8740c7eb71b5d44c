// The HTML tier of a page the crawler already fetched (search.site-crawled): no second fetch.
// Stored and announced like an on-demand analysis (same row, same site-analyzed event), with
// the site id the crawler knew, so the live card of that site updates; the browser tier follows
// at a configured rate.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import type { AnalysisEngine } from '@frenly/contracts';
import type { Database } from '@frenly/db';
import type { CrawledPageSnapshot, EnqueueOptions } from '@frenly/jobs';
import { DATABASE } from '@frenly/platform';
import { performance } from 'node:perf_hooks';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import { AnalysisOutbox } from '../outbox/analysis-outbox.js';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { analyzePage } from '../pipeline/analyze-page.js';
import { withBrowserPending, withoutBrowser } from '../pipeline/enrich/index.js';
import type { PageSnapshot } from '../pipeline/snapshot.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { CommunityReader } from '../sites/community.reader.js';
import { analysisFairness, BACKGROUND_PRIORITY } from './analysis-fairness.js';
import { AnalysesRepository, reportOf } from './analyses.repository.js';
import { BrowserAnalysisJobs } from './browser-analysis.jobs.js';
import { CrawledBrowserVisits, hasFreshBrowserVisit } from './crawled-browser-visits.js';
import { siteAnalyzedEvent } from './site-analyzed-event.js';
import { SnapshotsRepository } from './snapshots.repository.js';

/** Fairness groups crawled pages are spread over (see crawledAnalysisOptions). */
export const CRAWLED_GROUPS = 4;

/**
 * Queue options of a crawled page's analysis: after every user's analysis (background
 * priority, so a user's job is taken first whenever one waits), and a page a search is waiting
 * for ahead of plain catalogue filling. Its user group is one of CRAWLED_GROUPS background
 * groups (by host), not the one group of other background work: these jobs need no fetch and
 * take milliseconds, so idle workers may all take them (one group would run them one at a time,
 * ~200 a minute); a user's job then waits for at most one of them to finish, never behind them.
 */
export function crawledAnalysisOptions(url: string, crawled: CrawledPageSnapshot): EnqueueOptions {
  const fairness = analysisFairness(url, { kind: 'background' });
  const host = new URL(url).hostname;
  const shard = createHash('sha1').update(host).digest().readUInt8(0) % CRAWLED_GROUPS;
  return {
    ...fairness,
    groups: { ...fairness.groups, user: `background-crawled-${shard}` },
    priority: crawled.reason === 'demand' ? BACKGROUND_PRIORITY : BACKGROUND_PRIORITY + 1_000,
    attempts: 2,
    backoffMs: 5_000,
  };
}

/** The page as the pipeline reads it, from the crawler's compressed copy. */
export function snapshotOf(url: string, crawled: CrawledPageSnapshot): PageSnapshot {
  return {
    requestedUrl: url,
    finalUrl: crawled.finalUrl,
    status: crawled.status,
    headers: crawled.headers,
    html: gunzipSync(Buffer.from(crawled.htmlGzipBase64, 'base64')).toString('utf8'),
    tls: crawled.tls,
    certificateValid: crawled.certificateValid,
    redirects: crawled.redirects,
    bytes: crawled.bytes,
  };
}

@Injectable()
export class CrawledPageAnalysis {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly catalog: TrackerCatalog,
    private readonly analyses: AnalysesRepository,
    private readonly community: CommunityReader,
    private readonly outbox: AnalysisOutbox,
    private readonly metrics: AnalysisMetrics,
    private readonly browserVisits: CrawledBrowserVisits,
    private readonly browserJobs: BrowserAnalysisJobs,
    private readonly snapshots: SnapshotsRepository,
  ) {}

  /**
   * Analyses the crawled copy of `url` (canonical); returns the stored row's id. When the budget
   * allows (crawled-browser-visits.ts), the browser tier then visits the site as background work;
   * otherwise the report says what was not checked and why.
   */
  async run(url: string, crawled: CrawledPageSnapshot): Promise<string> {
    const latest = await this.analyses.latestFor(url);
    if (latest?.status === 'completed') {
      // A newer analysis of the same page (on demand, or from a later crawl) already says more;
      // so does a fresh report with a real browser's findings, which this copy would hide.
      if (latest.createdAt.getTime() >= Date.parse(crawled.fetchedAt)) return latest.id;
      if (hasFreshBrowserVisit({ ...latest, report: reportOf(latest) }, this.settings.cacheTtlMs))
        return latest.id;
    }

    const started = performance.now();
    const community = await this.community.totalsOf(crawled.siteId);
    const page = snapshotOf(url, crawled);
    const html = analyzePage(page, this.catalog, community);
    const engine: AnalysisEngine = 'heuristic';
    const durationMs = Math.round(performance.now() - started);
    this.metrics.duration.observe({ stage: 'pipeline' }, durationMs / 1000);
    const notVisited = await this.browserVisits.reasonNotToVisit(url);
    const report =
      notVisited === null
        ? withBrowserPending(html)
        : withoutBrowser(html, 'unavailable', notVisited);
    const row = await this.db.transaction(async (tx) => {
      const stored = await this.analyses.insertCompleted(tx, { url, engine, report, durationMs });
      // What was scored, kept so that a new scoring version re-scores it without a fetch.
      await this.snapshots.save(tx, url, stored.id, page);
      await this.outbox.write(tx, [
        siteAnalyzedEvent(
          url,
          report,
          { id: stored.id, engine, analyzedAt: stored.createdAt },
          crawled.siteId,
        ),
      ]);
      return stored;
    });
    this.outbox.committed();
    if (notVisited === null) await this.browserJobs.schedule(row.id, url, { kind: 'background' });
    this.metrics.analyses.inc({ outcome: 'completed', engine });
    return row.id;
  }
}
