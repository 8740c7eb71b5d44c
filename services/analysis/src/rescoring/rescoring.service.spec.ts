import type { Database } from '@frenly/db';
import { MetricsService } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { counted, factory, plainShopReport } from '../../test/unit/analysis.factories.js';
import { AnalysesRepository } from '../analyses/analyses.repository.js';
import type { AnalysisSnapshot } from '../analyses/analysis-snapshot.js';
import { SnapshotsRepository } from '../analyses/snapshots.repository.js';
import { InsightRefiner } from '../llm/insight-refiner.js';
import { AnalysisOutbox } from '../outbox/analysis-outbox.js';
import { BrowserUnavailableReasons, withoutBrowser } from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { SCORING_VERSION } from '../pipeline/scoring/weights.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { RescoringMetrics } from './rescoring.metrics.js';
import { RescoringService } from './rescoring.service.js';
import { resolveRescoringSettings } from './rescoring.settings.js';

const URL_ = 'https://shop.example/';
const NEXT = SCORING_VERSION + 1;
const SITE_ID = 42;
let catalog: TrackerCatalog;
let report: AnalysisReport;
let snapshot: AnalysisSnapshot;

beforeAll(async () => {
  catalog = await TrackerCatalog.load();
  report = withoutBrowser(
    await plainShopReport(URL_),
    'unavailable',
    BrowserUnavailableReasons.crawledOff,
  );
  const html =
    '<!doctype html><html lang="en"><title>Shop</title><main><h1>Shop</h1></main></html>';
  snapshot = {
    page: {
      requestedUrl: URL_,
      finalUrl: URL_,
      status: 200,
      headers: {},
      html,
      tls: true,
      certificateValid: true,
      redirects: 0,
      bytes: html.length,
    },
    browser: null,
  };
});

function setup(version = NEXT) {
  const tx = {};
  const db = fakeOf<Database>({
    transaction: (async (work: (tx: unknown) => Promise<unknown>) =>
      work(tx)) as unknown as Database['transaction'],
  });
  const analyses = fakeOf<AnalysesRepository>();
  analyses.getById.mockResolvedValue(factory.completedRow(report, { id: 'a1' }));
  analyses.replaceRescoredReport.mockImplementation(async (_tx, id, entry) =>
    factory.completedRow(entry.report, { id }),
  );
  const snapshots = fakeOf<SnapshotsRepository>();
  snapshots.forAnalysis.mockResolvedValue(snapshot);
  const siteRefs = fakeOf<SiteRefsRepository>();
  siteRefs.siteIdOf.mockResolvedValue(SITE_ID);
  const community = fakeOf<CommunityReader>();
  community.totalsOf.mockResolvedValue(null);
  const outbox = fakeOf<AnalysisOutbox>();
  outbox.write.mockResolvedValue(undefined);
  const metrics = new RescoringMetrics(
    new MetricsService({ service: 'analysis-unit', defaultMetrics: false }),
  );
  const sut = new RescoringService(
    db,
    resolveRescoringSettings({ scoringVersion: version }),
    analyses,
    snapshots,
    siteRefs,
    community,
    catalog,
    fakeOf<InsightRefiner>({ enabled: false }),
    outbox,
    metrics,
  );
  return { sut, analyses, snapshots, outbox, metrics };
}

describe(RescoringService.name, () => {
  it('scores the stored page again, replaces the report and announces it for the site’s card', async () => {
    const { sut, analyses, outbox, metrics } = setup();
    expect(await sut.rescore('a1')).toBe('rescored');
    const [, id, entry] = analyses.replaceRescoredReport.mock.calls[0]!;
    expect(id).toBe('a1');
    expect(entry.previousVersion).toBe(SCORING_VERSION);
    // Scored from the snapshot (a bare page), not copied from the stored report (the plain shop).
    expect(entry.report).toMatchObject({ scoringVersion: NEXT, title: 'Shop' });
    expect(entry.report.browser).toEqual(report.browser);
    const [event] = outbox.write.mock.calls[0]![1];
    expect(event?.payload).toMatchObject({
      url: URL_,
      analysisId: 'a1',
      siteId: SITE_ID,
      scoringVersion: NEXT,
      title: 'Shop',
    });
    expect(outbox.committed).toHaveBeenCalled();
    expect(await counted(metrics.rescores, { outcome: 'rescored' })).toBe(1);
  });

  it('leaves an analysis already scored under the running version', async () => {
    const { sut, analyses, snapshots } = setup(SCORING_VERSION);
    expect(await sut.rescore('a1')).toBe('current');
    expect(snapshots.forAnalysis).not.toHaveBeenCalled();
    expect(analyses.replaceRescoredReport).not.toHaveBeenCalled();
  });

  it('leaves an analysis without a snapshot for the next crawl', async () => {
    const { sut, snapshots, outbox } = setup();
    snapshots.forAnalysis.mockResolvedValue(undefined);
    expect(await sut.rescore('a1')).toBe('no-snapshot');
    expect(outbox.write).not.toHaveBeenCalled();
  });

  it('announces nothing when the row changed meanwhile (a newer analysis, a visit landed)', async () => {
    const { sut, analyses, outbox } = setup();
    analyses.replaceRescoredReport.mockResolvedValue(undefined);
    expect(await sut.rescore('a1')).toBe('skipped');
    expect(outbox.write).not.toHaveBeenCalled();
    expect(outbox.committed).not.toHaveBeenCalled();
  });
});
