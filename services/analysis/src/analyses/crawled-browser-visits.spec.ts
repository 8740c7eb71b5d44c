import type { QueueCounts, SlotLease } from '@frenly/jobs';
import type { FrenlyJobQueue } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { DEFAULT_ANALYSIS_SETTINGS } from '../analysis.settings.js';
import { BrowserUnavailableReasons } from '../pipeline/enrich/index.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { BrowserTierProvider } from './browser-tier.provider.js';
import { CrawledBrowserVisits, hasFreshBrowserVisit } from './crawled-browser-visits.js';

const URL_ = 'https://shop.example/';
const HOUR = 3_600_000;
const NOW = Date.parse('2026-06-01T12:00:00.000Z');

function counts(waiting: number): QueueCounts {
  return { waiting, active: 1, delayed: 0, completed: 0, failed: 0 };
}

function setup(options: { perMinute?: number; unavailable?: string | null; waiting?: number }) {
  const jobs = fakeOf<FrenlyJobQueue>();
  jobs.getCounts.mockResolvedValue(counts(options.waiting ?? 0));
  jobs.acquireSlot.mockResolvedValue(fakeOf<SlotLease>({ held: 1 }));
  const browserTier = fakeOf<BrowserTierProvider>({
    unavailableReason: options.unavailable ?? null,
  });
  const sut = new CrawledBrowserVisits(
    jobs,
    {
      ...DEFAULT_ANALYSIS_SETTINGS,
      crawledBrowserSitesPerMinute: options.perMinute ?? 4,
    },
    browserTier,
  );
  return { sut, jobs };
}

describe(CrawledBrowserVisits.name, () => {
  it('takes one slot of the per-minute budget for the site, held for a minute, shared by every process', async () => {
    const { sut, jobs } = setup({ perMinute: 4 });
    expect(await sut.reasonNotToVisit(URL_)).toBeNull();
    expect(jobs.acquireSlot).toHaveBeenCalledWith(
      'site-browser-analysis',
      'crawled-sites-per-minute',
      URL_,
      4,
      60_000,
    );
  });

  it('says the budget is spent when no slot is left', async () => {
    const { sut, jobs } = setup({ perMinute: 4 });
    jobs.acquireSlot.mockResolvedValue(undefined);
    expect(await sut.reasonNotToVisit(URL_)).toBe(BrowserUnavailableReasons.crawledOverBudget);
  });

  it('queues nothing more while a minute of visits already waits, without taking a slot', async () => {
    const { sut, jobs } = setup({ perMinute: 4, waiting: 4 });
    expect(await sut.reasonNotToVisit(URL_)).toBe(BrowserUnavailableReasons.crawledOverBudget);
    expect(jobs.acquireSlot).not.toHaveBeenCalled();
  });

  it('visits no crawled site at a rate of 0, and says so', async () => {
    const { sut, jobs } = setup({ perMinute: 0 });
    expect(await sut.reasonNotToVisit(URL_)).toBe(BrowserUnavailableReasons.crawledOff);
    expect(jobs.acquireSlot).not.toHaveBeenCalled();
    expect(jobs.getCounts).not.toHaveBeenCalled();
  });

  it('gives the reason the browser tier cannot run here before any budget', async () => {
    const { sut, jobs } = setup({ unavailable: BrowserUnavailableReasons.noChromium });
    expect(await sut.reasonNotToVisit(URL_)).toBe(BrowserUnavailableReasons.noChromium);
    expect(jobs.acquireSlot).not.toHaveBeenCalled();
  });
});

describe(hasFreshBrowserVisit.name, () => {
  const row = (browser: AnalysisReport['browser'], createdAt = new Date(NOW - HOUR)) => ({
    createdAt,
    report: { browser } as AnalysisReport,
  });

  it('holds a visit checked within the cache TTL, and not an older one', () => {
    const checkedAt = new Date(NOW - HOUR).toISOString();
    expect(hasFreshBrowserVisit(row({ state: 'done', checkedAt }), 2 * HOUR, NOW)).toBe(true);
    expect(hasFreshBrowserVisit(row({ state: 'done', checkedAt }), HOUR / 2, NOW)).toBe(false);
  });

  it('holds a visit still pending on a recent row (its job will enrich it)', () => {
    expect(hasFreshBrowserVisit(row({ state: 'pending' }), 2 * HOUR, NOW)).toBe(true);
    expect(
      hasFreshBrowserVisit(row({ state: 'pending' }, new Date(NOW - 3 * HOUR)), 2 * HOUR, NOW),
    ).toBe(false);
  });

  it('does not count a visit that failed, one that could not run, or a report without one', () => {
    for (const browser of [
      { state: 'failed', reason: BrowserUnavailableReasons.failed },
      { state: 'unavailable', reason: BrowserUnavailableReasons.crawledOverBudget },
      undefined,
    ] as const)
      expect(hasFreshBrowserVisit(row(browser), 2 * HOUR, NOW)).toBe(false);
  });
});
