import { Inject, Injectable } from '@nestjs/common';
import {
  AnalysisErrorCodes,
  type AnalysisResponse,
  canonicalUrl,
  InvalidUrlError,
} from '@frenly/contracts';
import { JobFailedError, JobWaitTimeoutError, QueueNames, stableJobId } from '@frenly/jobs';
import { JOB_QUEUE, JsonLogger, currentRequestId, type FrenlyJobQueue } from '@frenly/platform';
import { AnalysisError, isAnalysisErrorCode } from '../analysis.errors.js';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { AnalysesRepository, reportOf, type AnalysisRow } from '../analyses/analyses.repository.js';
import { analysisFairness } from '../analyses/analysis-fairness.js';
import { isFresh } from '../analyses/analysis-runner.js';
import { BrowserTierProvider } from '../analyses/browser-tier.provider.js';
import { owesAPersonAVisit } from '../analyses/crawled-browser-visits.js';
import { PageFetcher } from '../fetching/page-fetcher.js';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { admitAnalysis } from './analysis-admission.js';
import { analysisResponseOf } from './analysis-response.js';
import { SITE_CATALOGUE, type SiteCatalogue } from './site-catalogue.js';

@Injectable()
export class AnalyzeService {
  private readonly logger: JsonLogger;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly analyses: AnalysesRepository,
    private readonly fetcher: PageFetcher,
    private readonly community: CommunityReader,
    private readonly siteRefs: SiteRefsRepository,
    @Inject(SITE_CATALOGUE) private readonly catalogue: SiteCatalogue,
    private readonly metrics: AnalysisMetrics,
    private readonly browserTier: BrowserTierProvider,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('AnalyzeService');
  }

  /**
   * Serves a recent analysis of the URL or runs one as a job (one per URL at a time), waits for
   * it within the bound, asks the catalogue for the site id, and answers the analysis screen's data.
   * A job counts against `userId`'s analyses in flight and is scheduled fairly among users.
   */
  async analyze(input: string, userId: string): Promise<AnalysisResponse> {
    const url = normalise(input);
    this.fetcher.precheck(url);

    // Admission first: an account at its limit is refused before it costs a database read
    // (a flood of refused requests must not slow the shared database for everyone).
    const lease = await admitAnalysis(this.jobs, this.settings, userId, url);
    let row: AnalysisRow;
    let cached = false;
    try {
      const latest = await this.analyses.latestFor(url);
      // A fresh report is served, unless only the crawler's budget kept a real browser from it.
      if (
        latest &&
        isFresh(latest, this.settings) &&
        !owesAPersonAVisit(latest, this.browserTier.available)
      ) {
        row = latest;
        cached = true;
        this.metrics.cacheHits.inc({ kind: latest.status });
      } else {
        this.metrics.cacheMisses.inc();
        row = await this.runJob(url, latest?.id, { userId, inFlight: lease.held });
      }
    } finally {
      // A slot that cannot be given back (Redis away) ends with its lease: never fail the answer for it.
      await lease
        .release()
        .catch((error: unknown) =>
          this.logger.entry(
            'warn',
            'could not release an analysis slot; it expires with its lease',
            { error: String(error) },
          ),
        );
    }
    if (row.status === 'failed') throw failureOf(row);

    const report = reportOf(row);
    const siteId = await this.siteIdOf(url, report.title);
    const community = await this.community.figuresOf(siteId);
    return analysisResponseOf({ siteId, row, report, community, cached });
  }

  /**
   * The URL's site id as this service knows it, or else from the catalogue (search), asked
   * directly so that the answer never waits for `search.site-indexed` to come back through the
   * bus; kept here at once, so that reads by site id (reframe, GET /api/analyses/:id) know it too.
   */
  private async siteIdOf(url: string, title: string): Promise<number> {
    const known = await this.siteRefs.siteIdOf(url);
    if (known !== undefined) return known;
    const site = await this.catalogue.siteOf({ url, title });
    await this.siteRefs.remember(url, site);
    return site.siteId;
  }

  /**
   * The job id names the URL and the analysis it replaces: concurrent requests share one job,
   * and a retained finished job never stands in for a newer round.
   */
  private async runJob(
    url: string,
    replaces: string | undefined,
    requester: { userId: string; inFlight: number },
    retryMissing = true,
  ): Promise<AnalysisRow> {
    const jobId = stableJobId('analyze', `${url} ${replaces ?? 'none'}`);
    let analysisId: string;
    try {
      ({ analysisId } = await this.jobs.enqueueAndWait(
        QueueNames.siteAnalysis,
        { url, trigger: 'on-demand', requestId: currentRequestId() },
        {
          jobId,
          waitTimeoutMs: this.settings.waitTimeoutMs,
          timeoutMs: this.settings.jobTimeoutMs,
          ...analysisFairness(url, { kind: 'user', ...requester }),
        },
      ));
    } catch (error) {
      if (error instanceof JobWaitTimeoutError)
        throw AnalysisError.analysisTimeout(Math.round(this.settings.waitTimeoutMs / 1000));
      if (error instanceof JobFailedError && /timed out/i.test(error.reason)) {
        throw new AnalysisError(
          AnalysisErrorCodes.SiteTimeout,
          `The analysis took longer than ${Math.round(this.settings.jobTimeoutMs / 1000)} s and was stopped`,
        );
      }
      throw error;
    }
    const row = await this.analyses.getById(analysisId);
    if (row) return row;
    // The queue kept a finished job whose analysis this database does not hold (a database
    // restored or replaced under a Redis that kept its jobs): analyse again, once, as a round
    // that replaces the missing analysis, so concurrent requests still share one job.
    if (!retryMissing) throw new Error(`analysis ${analysisId} finished but is not stored`);
    this.logger.entry(
      'warn',
      'the queue answered with an analysis this database does not hold; analysing again',
      { url, analysisId },
    );
    return this.runJob(url, analysisId, requester, false);
  }
}

function normalise(input: string): string {
  try {
    return canonicalUrl(input);
  } catch (error) {
    if (error instanceof InvalidUrlError) throw AnalysisError.invalidUrl(error.message);
    throw error;
  }
}

function failureOf(row: AnalysisRow): AnalysisError {
  const code = row.errorCode ?? '';
  return new AnalysisError(
    isAnalysisErrorCode(code) ? code : AnalysisErrorCodes.SiteUnreachable,
    row.errorMessage ?? 'The site could not be analysed',
  );
}
