import type { JobWorker } from '@frenly/jobs';
import type { FrenlyJobQueue } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { DEFAULT_ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { AnalysesRepository } from './analyses.repository.js';
import { BrowserAnalysisJobs } from './browser-analysis.jobs.js';
import { BrowserAnalysisProcessor } from './browser-analysis.processor.js';
import { BrowserAnalysisRunner } from './browser-analysis.runner.js';
import { BrowserTierProvider } from './browser-tier.provider.js';

const SETTINGS: AnalysisSettings = {
  ...DEFAULT_ANALYSIS_SETTINGS,
  browser: { chromiumPath: '/usr/bin/chromium', poolSize: 2, pageBudgetMs: 10_000 },
};

function setup(available: boolean) {
  const jobs = fakeOf<FrenlyJobQueue>();
  const browserTier = fakeOf<BrowserTierProvider>({ available });
  const browserJobs = fakeOf<BrowserAnalysisJobs>({ timeoutMs: 55_000 });
  const analyses = fakeOf<AnalysesRepository>();
  jobs.process.mockResolvedValue(fakeOf<JobWorker>());
  browserJobs.schedule.mockResolvedValue(undefined);
  analyses.pendingBrowser.mockResolvedValue([
    { id: 'a1', url: 'https://one.example/' },
    { id: 'a2', url: 'https://two.example/' },
  ]);
  const sut = new BrowserAnalysisProcessor(
    jobs,
    SETTINGS,
    browserTier,
    browserJobs,
    fakeOf<BrowserAnalysisRunner>(),
    analyses,
  );
  return { sut, jobs, browserJobs, analyses };
}

describe(BrowserAnalysisProcessor.name, () => {
  it('works as many visits at once as the pool has browsers, one per host, within the job budget, leaving a browser to people', async () => {
    const { sut, jobs } = setup(true);
    await sut.onModuleInit();
    expect(jobs.process).toHaveBeenCalledWith('site-browser-analysis', expect.any(Function), {
      concurrency: 2,
      timeoutMs: 55_000,
      groupLimits: { host: 1, background: 1 },
    });
  });

  it('queues again, at boot, the visits a stopped process left pending (within the cache TTL)', async () => {
    const { sut, browserJobs, analyses } = setup(true);
    const before = Date.now();
    await sut.onModuleInit();
    const [since, limit] = analyses.pendingBrowser.mock.calls[0]!;
    expect(since.getTime()).toBeGreaterThanOrEqual(before - SETTINGS.cacheTtlMs);
    expect(since.getTime()).toBeLessThanOrEqual(Date.now() - SETTINGS.cacheTtlMs);
    expect(limit).toBe(100);
    expect(browserJobs.schedule.mock.calls).toEqual([
      ['a1', 'https://one.example/', { kind: 'background' }],
      ['a2', 'https://two.example/', { kind: 'background' }],
    ]);
  });

  it('starts no worker and queues nothing where Chromium cannot run', async () => {
    const { sut, jobs, browserJobs } = setup(false);
    await sut.onModuleInit();
    expect(jobs.process).not.toHaveBeenCalled();
    expect(browserJobs.schedule).not.toHaveBeenCalled();
  });
});
