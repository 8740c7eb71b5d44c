import { createJobQueue, QueueNames, type FrenlyJobQueues } from '@frenly/jobs';
import { MetricsService, type FrenlyJobQueue } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { capturingLogger } from '../../test/unit/analysis.factories.js';
import { SnapshotsRepository } from '../analyses/snapshots.repository.js';
import { RescoringMetrics } from './rescoring.metrics.js';
import { resolveRescoringSettings, type RescoringSettings } from './rescoring.settings.js';
import { RescoringSweep } from './rescoring.sweep.js';

const stale = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `a${i}`, url: `https://site-${i}.example/` }));

describe(RescoringSweep.name, () => {
  let jobs: FrenlyJobQueue;

  beforeEach(() => {
    // The real in-process queue (no worker): its slots and de-duplication are what bound the rate.
    jobs = createJobQueue<FrenlyJobQueues>();
  });
  afterEach(() => jobs.close());

  function setup(settings: Partial<RescoringSettings>, found = stale(10)) {
    const snapshots = fakeOf<SnapshotsRepository>();
    snapshots.totals.mockResolvedValue({ snapshots: 12, bytes: 34_567 });
    snapshots.scoredBefore.mockImplementation(async (_version, limit) => found.slice(0, limit));
    const metrics = new RescoringMetrics(
      new MetricsService({ service: 'analysis-unit', defaultMetrics: false }),
    );
    const { logger, lines } = capturingLogger();
    const sut = new RescoringSweep(
      jobs,
      resolveRescoringSettings({ sweepEveryMs: 0, scoringVersion: 9, ...settings }),
      snapshots,
      metrics,
      logger,
    );
    return { sut, snapshots, metrics, lines };
  }

  it('queues analyses scored under an older version, at most sitesPerMinute a minute', async () => {
    const { sut, snapshots, lines } = setup({ sitesPerMinute: 4 });
    expect(await sut.sweep()).toBe(4);
    expect(snapshots.scoredBefore).toHaveBeenCalledWith(9, 4);
    expect((await jobs.getCounts(QueueNames.analysisRescore)).waiting).toBe(4);
    expect(lines).toContainEqual(expect.objectContaining({ queued: 4, version: 9 }));
    // The minute's four slots are taken (and four wait): nothing more until they are given back.
    expect(await sut.sweep()).toBe(0);
    expect((await jobs.getCounts(QueueNames.analysisRescore)).waiting).toBe(4);
  });

  it('stops at the shared budget another process already used', async () => {
    const { sut } = setup({ sitesPerMinute: 5 });
    for (const holder of ['x', 'y', 'z'])
      await jobs.acquireSlot(QueueNames.analysisRescore, 'rescores-per-minute', holder, 5, 60_000);
    expect(await sut.sweep()).toBe(2);
  });

  it('queues each analysis once per scoring version', async () => {
    const { sut } = setup({ sitesPerMinute: 10 }, stale(2));
    expect(await sut.sweep()).toBe(2);
    expect(await sut.sweep()).toBe(0);
    expect((await jobs.getCounts(QueueNames.analysisRescore)).waiting).toBe(2);
  });

  it('reports the snapshots’ count and size, and queues nothing when switched off', async () => {
    const { sut, snapshots, metrics, lines } = setup({ sitesPerMinute: 0 });
    expect(await sut.sweep()).toBe(0);
    expect(snapshots.scoredBefore).not.toHaveBeenCalled();
    expect((await metrics.snapshots.get()).values[0]?.value).toBe(12);
    expect((await metrics.snapshotBytes.get()).values[0]?.value).toBe(34_567);
    expect(lines).toEqual([]);
  });

  it('logs a failed round once and answers 0', async () => {
    const { sut, snapshots, lines } = setup({ sitesPerMinute: 4 });
    snapshots.totals.mockRejectedValue(new Error('database away'));
    expect(await sut.sweep()).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error' });
  });
});
