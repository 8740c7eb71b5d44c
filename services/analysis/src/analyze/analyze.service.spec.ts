import { jest } from '@jest/globals';
import { AnalysisErrorCodes } from '@frenly/contracts';
import {
  JobFailedError,
  JobWaitTimeoutError,
  QueueNames,
  stableJobId,
  type SlotLease,
} from '@frenly/jobs';
import type { FrenlyJobQueue } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import {
  capturingLogger,
  counted,
  factory,
  newAnalysisMetrics,
  plainShopReport,
  refusal,
} from '../../test/unit/analysis.factories.js';
import { AnalysisError } from '../analysis.errors.js';
import { DEFAULT_ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { AnalysesRepository } from '../analyses/analyses.repository.js';
import { BrowserTierProvider } from '../analyses/browser-tier.provider.js';
import { BrowserUnavailableReasons, withoutBrowser } from '../pipeline/enrich/index.js';
import { PageFetcher } from '../fetching/page-fetcher.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { AnalyzeService } from './analyze.service.js';
import type { SiteCatalogue } from './site-catalogue.js';

const USER = 'user-1';
const URL_ = 'https://shop.example/';
const SITE_ID = 42;
const NEW_SITE_ID = 43;
const SETTINGS: AnalysisSettings = {
  ...DEFAULT_ANALYSIS_SETTINGS,
  maxAnalysesPerUser: 2,
  waitTimeoutMs: 25_000,
  jobTimeoutMs: 20_000,
};

let report: AnalysisReport;
beforeAll(async () => {
  report = await plainShopReport(URL_);
});

function setup(browserAvailable = true) {
  const jobs = fakeOf<FrenlyJobQueue>();
  const analyses = fakeOf<AnalysesRepository>();
  const fetcher = fakeOf<PageFetcher>();
  const community = fakeOf<CommunityReader>();
  const siteRefs = fakeOf<SiteRefsRepository>();
  const catalogue = fakeOf<SiteCatalogue>();
  const metrics = newAnalysisMetrics();
  const { logger, lines } = capturingLogger();
  const release = jest.fn<SlotLease['release']>().mockResolvedValue(undefined);
  const fresh = factory.completedRow(report, { id: 'fresh', createdAt: factory.ageOf(1) });
  jobs.acquireSlot.mockResolvedValue({ held: 1, release });
  jobs.enqueueAndWait.mockResolvedValue({ analysisId: 'new' });
  analyses.latestFor.mockResolvedValue(undefined);
  analyses.getById.mockImplementation(async (id) =>
    factory.completedRow(report, { id, createdAt: new Date() }),
  );
  siteRefs.siteIdOf.mockResolvedValue(SITE_ID);
  siteRefs.remember.mockResolvedValue(undefined);
  catalogue.siteOf.mockImplementation(async ({ url, title }) => ({
    siteId: NEW_SITE_ID,
    url,
    domain: 'shop.example',
    title,
    indexedAt: '2026-11-27T12:00:00.000Z',
  }));
  community.figuresOf.mockResolvedValue({
    totals: { upvotes: 4, downvotes: 1, totalStaked: 30, supportTotal: 25, concernTotal: 5 },
    recentStakes: [],
  });
  const sut = new AnalyzeService(
    jobs,
    SETTINGS,
    analyses,
    fetcher,
    community,
    siteRefs,
    catalogue,
    metrics,
    fakeOf<BrowserTierProvider>({ available: browserAvailable }),
    logger,
  );
  return {
    sut,
    jobs,
    analyses,
    fetcher,
    community,
    siteRefs,
    catalogue,
    metrics,
    lines,
    release,
    fresh,
  };
}

describe(AnalyzeService.name, () => {
  describe('input checks', () => {
    it('refuses an invalid URL with 400 before taking a slot', async () => {
      const { sut, jobs } = setup();

      const error = await refusal(sut.analyze('not a url at all', USER));

      expect(error.code).toBe(AnalysisErrorCodes.InvalidUrl);
      expect(error.httpStatus).toBe(400);
      expect(jobs.acquireSlot).not.toHaveBeenCalled();
    });

    it("stops at the fetcher's precheck (a private address) before taking a slot", async () => {
      const { sut, fetcher, jobs } = setup();
      fetcher.precheck.mockImplementation(() => {
        throw new AnalysisError(AnalysisErrorCodes.UrlNotAllowed, 'private address');
      });

      expect((await refusal(sut.analyze('http://127.0.0.1/', USER))).code).toBe(
        AnalysisErrorCodes.UrlNotAllowed,
      );
      expect(jobs.acquireSlot).not.toHaveBeenCalled();
    });

    it('analyses the canonical form of the URL', async () => {
      const { sut, fetcher, analyses } = setup();

      await sut.analyze('HTTPS://SHOP.example', USER);

      expect(fetcher.precheck).toHaveBeenCalledWith(URL_);
      expect(analyses.latestFor).toHaveBeenCalledWith(URL_);
    });
  });

  describe('per-user limit', () => {
    it("takes one of the user's slots for the URL, with a lease past the wait bound", async () => {
      const { sut, jobs, release } = setup();

      await sut.analyze(URL_, USER);

      expect(jobs.acquireSlot).toHaveBeenCalledWith(
        QueueNames.siteAnalysis,
        `user-${USER}`,
        URL_,
        2,
        SETTINGS.waitTimeoutMs + 5_000,
      );
      expect(release).toHaveBeenCalledTimes(1);
    });

    it('refuses with 429 when the user is at the limit, before reading the database', async () => {
      const { sut, jobs, analyses } = setup();
      jobs.acquireSlot.mockResolvedValue(undefined);

      const error = await refusal(sut.analyze(URL_, USER));

      expect(error.code).toBe(AnalysisErrorCodes.TooManyAnalyses);
      expect(error.httpStatus).toBe(429);
      expect(error.message).toContain('2 analyses');
      expect(analyses.latestFor).not.toHaveBeenCalled();
      expect(jobs.enqueueAndWait).not.toHaveBeenCalled();
    });

    it('gives the slot back when the analysis fails', async () => {
      const { sut, jobs, release } = setup();
      jobs.enqueueAndWait.mockRejectedValue(new Error('redis down'));

      await expect(sut.analyze(URL_, USER)).rejects.toThrow('redis down');
      expect(release).toHaveBeenCalledTimes(1);
    });

    it('answers although the slot cannot be given back, and logs a warning', async () => {
      const { sut, release, lines } = setup();
      release.mockRejectedValue(new Error('redis away'));

      await expect(sut.analyze(URL_, USER)).resolves.toMatchObject({ site: { id: SITE_ID } });
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'could not release an analysis slot; it expires with its lease',
        }),
      );
    });
  });

  describe('cache', () => {
    it('serves a fresh completed analysis without a job', async () => {
      const { sut, analyses, jobs, metrics, fresh } = setup();
      analyses.latestFor.mockResolvedValue(fresh);

      const answer = await sut.analyze(URL_, USER);

      expect(jobs.enqueueAndWait).not.toHaveBeenCalled();
      expect(answer.cached).toBe(true);
      expect(answer.site.analysisData).toMatchObject({ analysisId: 'fresh' });
      expect(answer.analyzedAt).toBe(fresh.createdAt.toISOString());
      expect(await counted(metrics.cacheHits, { kind: 'completed' })).toBe(1);
      expect(await counted(metrics.cacheMisses)).toBe(0);
    });

    it('runs a job for a fresh crawled report that only the crawler’s budget kept from a real browser', async () => {
      for (const reason of [
        BrowserUnavailableReasons.crawledOverBudget,
        BrowserUnavailableReasons.crawledOff,
      ]) {
        const { sut, analyses, jobs } = setup(true);
        analyses.latestFor.mockResolvedValue(
          factory.completedRow(withoutBrowser(report, 'unavailable', reason), {
            id: 'crawled',
            createdAt: factory.ageOf(1),
          }),
        );
        const answer = await sut.analyze(URL_, USER);
        expect(jobs.enqueueAndWait.mock.calls[0]![2].jobId).toBe(
          stableJobId('analyze', `${URL_} crawled`),
        );
        expect(answer.cached).toBe(false);
      }
    });

    it('serves that report from the cache where no browser runs, and one the server could not visit', async () => {
      const crawled = factory.completedRow(
        withoutBrowser(report, 'unavailable', BrowserUnavailableReasons.crawledOverBudget),
        { id: 'crawled', createdAt: factory.ageOf(1) },
      );
      const off = setup(false);
      off.analyses.latestFor.mockResolvedValue(crawled);
      expect((await off.sut.analyze(URL_, USER)).cached).toBe(true);
      const noChromium = setup(true);
      noChromium.analyses.latestFor.mockResolvedValue(
        factory.completedRow(
          withoutBrowser(report, 'unavailable', BrowserUnavailableReasons.noChromium),
          { id: 'html-only', createdAt: factory.ageOf(1) },
        ),
      );
      expect((await noChromium.sut.analyze(URL_, USER)).cached).toBe(true);
      expect(noChromium.jobs.enqueueAndWait).not.toHaveBeenCalled();
    });

    it('answers a fresh failure again without a job, with its code', async () => {
      const { sut, analyses, jobs, siteRefs, catalogue, metrics } = setup();
      analyses.latestFor.mockResolvedValue(
        factory.failedRow(URL_, { errorCode: 'NOT_HTML', errorMessage: 'not a web page' }),
      );

      const error = await refusal(sut.analyze(URL_, USER));

      expect(error.code).toBe(AnalysisErrorCodes.NotHtml);
      expect(error.message).toBe('not a web page');
      expect(jobs.enqueueAndWait).not.toHaveBeenCalled();
      expect(siteRefs.siteIdOf).not.toHaveBeenCalled();
      expect(catalogue.siteOf).not.toHaveBeenCalled();
      expect(await counted(metrics.cacheHits, { kind: 'failed' })).toBe(1);
    });

    it('reports a failure with an unknown code as an unreachable site', async () => {
      const { sut, analyses } = setup();
      analyses.latestFor.mockResolvedValue(
        factory.failedRow(URL_, { errorCode: 'SOMETHING_ELSE', errorMessage: null }),
      );

      const error = await refusal(sut.analyze(URL_, USER));

      expect(error.code).toBe(AnalysisErrorCodes.SiteUnreachable);
      expect(error.message).toBe('The site could not be analysed');
    });

    it('runs a new job for a URL never analysed, as the round that replaces none', async () => {
      const { sut, jobs, metrics } = setup();

      const answer = await sut.analyze(URL_, USER);

      expect(jobs.enqueueAndWait).toHaveBeenCalledWith(
        QueueNames.siteAnalysis,
        expect.objectContaining({ url: URL_, trigger: 'on-demand' }),
        expect.objectContaining({
          jobId: stableJobId('analyze', `${URL_} none`),
          waitTimeoutMs: SETTINGS.waitTimeoutMs,
          timeoutMs: SETTINGS.jobTimeoutMs,
          groups: { user: `user-${USER}`, host: 'shop.example' },
          priority: 1,
        }),
      );
      expect(answer.cached).toBe(false);
      expect(answer.site.analysisData).toMatchObject({ analysisId: 'new' });
      expect(await counted(metrics.cacheMisses)).toBe(1);
    });

    it('runs a new job for a stale analysis, named after the analysis it replaces', async () => {
      const { sut, analyses, jobs } = setup();
      const stale = factory.completedRow(report, {
        id: 'stale',
        createdAt: factory.ageOf(SETTINGS.cacheTtlMs / 3_600_000 + 1),
      });
      analyses.latestFor.mockResolvedValue(stale);

      const answer = await sut.analyze(URL_, USER);

      expect(jobs.enqueueAndWait.mock.calls[0]![2].jobId).toBe(
        stableJobId('analyze', `${URL_} stale`),
      );
      expect(answer.cached).toBe(false);
    });

    it('runs a new job for a failure older than the failure TTL', async () => {
      const { sut, analyses, jobs } = setup();
      analyses.latestFor.mockResolvedValue(
        factory.failedRow(URL_, {
          id: 'old-failure',
          createdAt: new Date(Date.now() - SETTINGS.failureTtlMs - 1_000),
        }),
      );

      await sut.analyze(URL_, USER);

      expect(jobs.enqueueAndWait.mock.calls[0]![2].jobId).toBe(
        stableJobId('analyze', `${URL_} old-failure`),
      );
    });

    it('schedules a user with more analyses in flight behind others', async () => {
      const { sut, jobs, release } = setup();
      jobs.acquireSlot.mockResolvedValue({ held: 2, release });

      await sut.analyze(URL_, USER);

      expect(jobs.enqueueAndWait.mock.calls[0]![2].priority).toBe(2);
    });
  });

  describe('job outcomes', () => {
    it('answers 504-style ANALYSIS_TIMEOUT when the job does not finish within the wait bound', async () => {
      const { sut, jobs, release } = setup();
      jobs.enqueueAndWait.mockRejectedValue(
        new JobWaitTimeoutError(QueueNames.siteAnalysis, 'job', SETTINGS.waitTimeoutMs),
      );

      const error = await refusal(sut.analyze(URL_, USER));

      expect(error.code).toBe(AnalysisErrorCodes.AnalysisTimeout);
      expect(error.message).toContain('25 s');
      expect(release).toHaveBeenCalledTimes(1);
    });

    it('answers SITE_TIMEOUT when the job itself timed out', async () => {
      const { sut, jobs } = setup();
      jobs.enqueueAndWait.mockRejectedValue(
        new JobFailedError(QueueNames.siteAnalysis, 'job', 'Job timed out after 20000 ms'),
      );

      const error = await refusal(sut.analyze(URL_, USER));

      expect(error.code).toBe(AnalysisErrorCodes.SiteTimeout);
      expect(error.message).toContain('20 s');
    });

    it('passes any other job failure on unchanged', async () => {
      const { sut, jobs } = setup();
      const failure = new JobFailedError(QueueNames.siteAnalysis, 'job', 'pipeline crashed');
      jobs.enqueueAndWait.mockRejectedValue(failure);

      await expect(sut.analyze(URL_, USER)).rejects.toBe(failure);
    });

    it('analyses again, once, when the queue names an analysis the database does not hold', async () => {
      const { sut, jobs, analyses, lines } = setup();
      jobs.enqueueAndWait
        .mockResolvedValueOnce({ analysisId: 'lost' })
        .mockResolvedValueOnce({ analysisId: 'new' });
      analyses.getById.mockImplementation(async (id) =>
        id === 'lost' ? undefined : factory.completedRow(report, { id }),
      );

      await expect(sut.analyze(URL_, USER)).resolves.toMatchObject({ cached: false });

      expect(jobs.enqueueAndWait.mock.calls.map((call) => call[2].jobId)).toEqual([
        stableJobId('analyze', `${URL_} none`),
        stableJobId('analyze', `${URL_} lost`),
      ]);
      expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', analysisId: 'lost' }));
    });

    it('fails when the second round is missing too', async () => {
      const { sut, jobs, analyses } = setup();
      jobs.enqueueAndWait.mockResolvedValue({ analysisId: 'lost' });
      analyses.getById.mockResolvedValue(undefined);

      await expect(sut.analyze(URL_, USER)).rejects.toThrow(
        'analysis lost finished but is not stored',
      );
      expect(jobs.enqueueAndWait).toHaveBeenCalledTimes(2);
    });

    it('answers a job that recorded a failure with its code', async () => {
      const { sut, analyses } = setup();
      analyses.getById.mockResolvedValue(
        factory.failedRow(URL_, { errorCode: 'PAGE_TOO_LARGE', errorMessage: 'too big' }),
      );

      expect((await refusal(sut.analyze(URL_, USER))).code).toBe(AnalysisErrorCodes.PageTooLarge);
    });
  });

  describe('site id and answer', () => {
    it("answers the screen's data with the site id this service knows, without asking the catalogue", async () => {
      const { sut, siteRefs, catalogue, community } = setup();

      const answer = await sut.analyze(URL_, USER);

      expect(siteRefs.siteIdOf).toHaveBeenCalledWith(URL_);
      expect(catalogue.siteOf).not.toHaveBeenCalled();
      expect(community.figuresOf).toHaveBeenCalledWith(SITE_ID);
      expect(answer.site).toMatchObject({
        id: SITE_ID,
        domain: report.domain,
        upvotes: 4,
        downvotes: 1,
        totalStaked: 30,
        frenlinessScore: report.frenlinessScore,
      });
    });

    it('asks the catalogue for a URL it has no site id for, keeps the answer, and answers with it', async () => {
      const { sut, siteRefs, catalogue, community } = setup();
      siteRefs.siteIdOf.mockResolvedValue(undefined);

      const answer = await sut.analyze(URL_, USER);

      expect(catalogue.siteOf).toHaveBeenCalledWith({ url: URL_, title: report.title });
      expect(siteRefs.remember).toHaveBeenCalledWith(
        URL_,
        expect.objectContaining({ siteId: NEW_SITE_ID, url: URL_ }),
      );
      expect(community.figuresOf).toHaveBeenCalledWith(NEW_SITE_ID);
      expect(answer.site.id).toBe(NEW_SITE_ID);
    });

    it("passes the catalogue's refusal on (503 SITE_NOT_INDEXED) and reads no community totals", async () => {
      const { sut, siteRefs, catalogue, community } = setup();
      siteRefs.siteIdOf.mockResolvedValue(undefined);
      catalogue.siteOf.mockRejectedValue(
        new AnalysisError(AnalysisErrorCodes.SiteNotIndexed, 'catalogue unavailable'),
      );

      const error = await refusal(sut.analyze(URL_, USER));

      expect(error.code).toBe(AnalysisErrorCodes.SiteNotIndexed);
      expect(error.httpStatus).toBe(503);
      expect(siteRefs.remember).not.toHaveBeenCalled();
      expect(community.figuresOf).not.toHaveBeenCalled();
    });

    it('answers the latest stakes as the ledger gives them', async () => {
      const { sut, community } = setup();
      const stake = {
        id: 'stake-1',
        userId: 'u1',
        siteId: SITE_ID,
        amount: 10,
        type: 'support' as const,
        message: 'kind',
        createdAt: '2026-11-27T12:00:00.000Z',
        domain: report.domain,
        url: URL_,
      };
      community.figuresOf.mockResolvedValue({
        totals: { upvotes: 0, downvotes: 0, totalStaked: 10, supportTotal: 10, concernTotal: 0 },
        recentStakes: [stake],
      });

      await expect(sut.analyze(URL_, USER)).resolves.toMatchObject({
        recentStakes: [stake],
        site: { totalStaked: 10 },
      });
    });

    it('still answers the analysis when the ledger cannot be asked, with the figures flagged unavailable', async () => {
      const { sut, community } = setup();
      community.figuresOf.mockResolvedValue(null);

      const answer = await sut.analyze(URL_, USER);

      expect(answer.communityUnavailable).toBe(true);
      expect(answer.recentStakes).toEqual([]);
      expect(answer.site.frenlinessScore).toBe(report.frenlinessScore);
    });
  });
});
