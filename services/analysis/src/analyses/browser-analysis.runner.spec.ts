import type { Database } from '@frenly/db';
import { fakeOf } from '@frenly/testing';
import {
  capturingLogger,
  factory,
  newAnalysisMetrics,
  plainShopReport,
} from '../../test/unit/analysis.factories.js';
import { observation } from '../../test/unit/browser-observation.factory.js';
import { BrowserTier, BrowserTierError, BrowserTierErrorCode } from '../browser/index.js';
import { InsightRefiner } from '../llm/insight-refiner.js';
import { AnalysisOutbox } from '../outbox/analysis-outbox.js';
import {
  BROWSER_ONLY_CHECKS,
  BrowserUnavailableReasons,
  withBrowserPending,
} from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { AnalysesRepository } from './analyses.repository.js';
import { BrowserAnalysisRunner } from './browser-analysis.runner.js';
import { BrowserTierProvider } from './browser-tier.provider.js';
import { ScreenshotsRepository } from './screenshots.repository.js';
import { SnapshotsRepository } from './snapshots.repository.js';

const URL_ = 'https://shop.example/';
const PNG = Buffer.from('\x89PNG fake', 'latin1');
let html: AnalysisReport;
let catalog: TrackerCatalog;

beforeAll(async () => {
  html = withBrowserPending(await plainShopReport(URL_));
  catalog = await TrackerCatalog.load();
});

function setup(report: AnalysisReport = html) {
  const tx = {};
  const db = fakeOf<Database>({
    transaction: (async (work: (tx: unknown) => Promise<unknown>) =>
      work(tx)) as unknown as Database['transaction'],
  });
  const tier = fakeOf<BrowserTier>();
  const browserTier = fakeOf<BrowserTierProvider>({
    unavailableReason: null,
    siteBudgetMs: 20_000,
  });
  browserTier.get.mockReturnValue(tier);
  const analyses = fakeOf<AnalysesRepository>();
  analyses.getById.mockResolvedValue(factory.completedRow(report, { id: 'a1' }));
  analyses.replacePendingReport.mockImplementation(async (_tx, id, entry) =>
    factory.completedRow(entry.report, { id }),
  );
  const screenshots = fakeOf<ScreenshotsRepository>();
  screenshots.save.mockResolvedValue(undefined);
  const snapshots = fakeOf<SnapshotsRepository>();
  snapshots.saveObservation.mockResolvedValue(undefined);
  const outbox = fakeOf<AnalysisOutbox>();
  outbox.write.mockResolvedValue(undefined);
  const { logger, lines } = capturingLogger();
  const sut = new BrowserAnalysisRunner(
    db,
    browserTier,
    catalog,
    fakeOf<InsightRefiner>({ enabled: false }),
    analyses,
    screenshots,
    snapshots,
    outbox,
    newAnalysisMetrics(),
    logger,
  );
  return { sut, tier, analyses, screenshots, snapshots, outbox, lines };
}

const stored = (analyses: ReturnType<typeof setup>['analyses']) =>
  analyses.replacePendingReport.mock.calls[0]![2].report;

describe(BrowserAnalysisRunner.name, () => {
  it('visits the site, stores the enriched report with its screenshot, and announces it', async () => {
    const { sut, tier, analyses, screenshots, snapshots, outbox } = setup();
    const seen = observation(URL_, { screenshotPng: PNG });
    tier.observe.mockResolvedValue(seen);
    expect(await sut.run('a1', new AbortController().signal)).toBe('done');
    expect(tier.observe).toHaveBeenCalledWith(URL_, { budgetMs: 12_000 });
    expect(stored(analyses)).toMatchObject({
      browser: { state: 'done' },
      screenshotUrl: '/api/analyses/a1/screenshot',
    });
    expect(screenshots.save).toHaveBeenCalledWith({}, 'a1', PNG);
    // What the browser saw goes with the page's snapshot, in the same transaction: a new scoring
    // version re-scores the enriched report from it.
    expect(snapshots.saveObservation).toHaveBeenCalledWith(
      {},
      'a1',
      expect.objectContaining({ homepage: seen }),
    );
    const [event] = outbox.write.mock.calls[0]![1];
    expect(event?.payload).toMatchObject({
      analysisId: 'a1',
      analysisData: { browser: { state: 'done' } },
    });
  });

  it('leaves a report an older scorer began at that version, for the rescoring to take whole', async () => {
    const { sut, tier, analyses } = setup({ ...html, scoringVersion: html.scoringVersion - 1 });
    tier.observe.mockResolvedValue(observation(URL_));
    expect(await sut.run('a1', new AbortController().signal)).toBe('done');
    expect(stored(analyses)).toMatchObject({
      browser: { state: 'done' },
      scoringVersion: html.scoringVersion - 1,
    });
  });

  it('keeps the HTML findings and says what was not checked when the page does not load in the browser', async () => {
    const { sut, tier, analyses, screenshots, snapshots, lines } = setup();
    tier.observe.mockRejectedValue(
      new BrowserTierError(BrowserTierErrorCode.NavigationFailed, 'net::ERR_CONNECTION_REFUSED'),
    );
    expect(await sut.run('a1', new AbortController().signal)).toBe('failed');
    expect(stored(analyses)).toMatchObject({
      browser: { state: 'failed', reason: BrowserUnavailableReasons.failed },
      frenlinessScore: html.frenlinessScore,
    });
    expect(stored(analyses).notChecked?.map((entry) => entry.what)).toEqual(BROWSER_ONLY_CHECKS);
    expect(screenshots.save).not.toHaveBeenCalled();
    expect(snapshots.saveObservation).not.toHaveBeenCalled();
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', analysisId: 'a1' }));
  });

  it('records a visit that outlives the job as failed for lack of time', async () => {
    const { sut, tier, analyses } = setup();
    const abort = new AbortController();
    tier.observe.mockImplementation(() => {
      abort.abort();
      return new Promise(() => undefined);
    });
    expect(await sut.run('a1', abort.signal)).toBe('failed');
    expect(stored(analyses).browser).toEqual({
      state: 'failed',
      reason: BrowserUnavailableReasons.timedOut,
    });
  });

  it('does nothing for an analysis whose browser part is no longer pending', async () => {
    const { sut, tier, analyses } = setup({ ...html, browser: { state: 'done' } });
    expect(await sut.run('a1', new AbortController().signal)).toBe('skipped');
    expect(tier.observe).not.toHaveBeenCalled();
    expect(analyses.replacePendingReport).not.toHaveBeenCalled();
  });

  it('reports skipped when another worker stored its result first', async () => {
    const { sut, tier, analyses, outbox } = setup();
    tier.observe.mockResolvedValue(observation(URL_));
    analyses.replacePendingReport.mockResolvedValue(undefined);
    expect(await sut.run('a1', new AbortController().signal)).toBe('skipped');
    expect(outbox.write).not.toHaveBeenCalled();
  });
});
