import { jest } from '@jest/globals';
import type { CrawlRootStatus } from '@frenly/db';
import { QueueNames } from '@frenly/jobs';
import { JsonLogger, type FrenlyJobQueue } from '@frenly/platform';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { DEMANDED_AT } from './crawl-demand.js';
import {
  CRAWL_PRIORITY,
  CrawlFrontier,
  DEMAND_WRITE_SPACING_MS,
  ETA_COUNT_MAX_AGE_MS,
} from './crawl-frontier.js';
import type { ClaimedRoot, CrawlRootRepository } from './crawl-root.repository.js';
import { WebReachability } from './web-reachability.js';

const NOW = new Date('2026-03-04T05:06:07.000Z');
const logger = new JsonLogger({ service: 'search-unit', level: 'error', write: () => undefined });

function setup(crawl: Partial<SearchSettings['crawl']> = {}) {
  const settings: SearchSettings = {
    ...DEFAULT_SEARCH_SETTINGS,
    crawl: { ...DEFAULT_SEARCH_SETTINGS.crawl, sitesPerMinute: 600, concurrency: 10, ...crawl },
  };
  let due: ClaimedRoot[] = [];
  let uncrawled: ClaimedRoot[] = [];
  const roots = {
    claimDue: jest.fn(async (_now: Date, limit: number) => due.splice(0, limit)),
    admitUncrawled: jest.fn(async () => {
      const admitted = uncrawled.length;
      due.push(...uncrawled);
      uncrawled = [];
      return admitted;
    }),
    demand: jest.fn(async (): Promise<void> => undefined),
    countWaiting: jest.fn(async () => 0),
  };
  const waiting = { count: 0 };
  const jobs = {
    enqueue: jest.fn(async () => ({ jobId: 'j', isNew: true })),
    getCounts: jest.fn(async () => ({
      waiting: waiting.count,
      active: 0,
      delayed: 0,
      completed: 0,
      failed: 0,
    })),
  };
  let now = 0;
  const reach = new WebReachability(
    () => now,
    { offline: () => undefined, online: () => undefined },
    { failuresToGoOffline: 2, baseBackoffMs: 1_000, maxBackoffMs: 8_000 },
  );
  const sut = new CrawlFrontier(
    roots as unknown as CrawlRootRepository,
    reach,
    jobs as unknown as FrenlyJobQueue,
    settings,
    () => NOW,
    logger,
  );
  return {
    sut,
    roots,
    jobs,
    reach,
    waiting,
    setDue: (urls: ClaimedRoot[]) => (due = [...urls]),
    setUncrawled: (urls: ClaimedRoot[]) => (uncrawled = [...urls]),
    advance: (ms: number) => (now += ms),
  };
}

const root = (name: string, demanded = false): ClaimedRoot => ({
  url: `https://${name}.example/`,
  demanded,
});
/** Sites a search showed without insights, none of them ever queued. */
const shown = (...urls: string[]) => urls.map((url) => ({ url, root: null }));

const queued = (jobs: ReturnType<typeof setup>['jobs']) =>
  jobs.enqueue.mock.calls
    .map((call) => call as unknown[])
    .map(([queue, payload, options]) => ({
      queue,
      payload,
      priority: (options as { priority: number }).priority,
    }));

describe(CrawlFrontier.name, () => {
  it('queues demanded roots at the top priority and the rest behind them', async () => {
    const { sut, jobs, setDue } = setup();
    setDue([root('wanted', true), root('scheduled')]);

    await expect(sut.tick()).resolves.toBe(2);

    expect(queued(jobs)).toEqual([
      {
        queue: QueueNames.siteCrawl,
        payload: { url: 'https://wanted.example/', reason: 'demand' },
        priority: CRAWL_PRIORITY.demand,
      },
      {
        queue: QueueNames.siteCrawl,
        payload: { url: 'https://scheduled.example/', reason: 'background' },
        priority: CRAWL_PRIORITY.background,
      },
    ]);
  });

  it('leases what it claims until now + leaseMs', async () => {
    const { sut, roots, setDue } = setup({ leaseMs: 60_000 });
    setDue([root('a')]);
    await sut.tick();
    expect(roots.claimDue).toHaveBeenCalledWith(
      NOW,
      expect.any(Number),
      new Date(NOW.getTime() + 60_000),
    );
  });

  it('never queues more than the workers take soon, nor more than the budget', async () => {
    const { sut, jobs, waiting, setDue } = setup({ concurrency: 10, sitesPerMinute: 6_000 });
    setDue(Array.from({ length: 100 }, (_, i) => root(`s${i}`)));
    waiting.count = 15;
    await sut.tick();
    expect(jobs.enqueue).toHaveBeenCalledTimes(5); // room for 2 × concurrency waiting jobs

    const slow = setup({ concurrency: 100, sitesPerMinute: 60 });
    slow.setDue(Array.from({ length: 100 }, (_, i) => root(`s${i}`)));
    await slow.sut.tick();
    expect(slow.jobs.enqueue).toHaveBeenCalledTimes(5); // 5 s of a 60-a-minute budget
  });

  it('admits uncrawled catalogue sites when due roots run short, and does not rescan an exhausted catalogue every round', async () => {
    const { sut, roots, jobs, setUncrawled } = setup();
    setUncrawled([root('seeded-1'), root('seeded-2')]);
    await sut.tick();
    expect(jobs.enqueue).toHaveBeenCalledTimes(2);
    await sut.tick(); // nothing left: admitted 0, remembered
    await sut.tick();
    expect(roots.admitUncrawled).toHaveBeenCalledTimes(2);
  });

  it('offline: queues nothing until the backoff passes, then a single probe, marked as the probe', async () => {
    const { sut, jobs, reach, setDue, advance } = setup();
    reach.unreachable('a.example');
    reach.unreachable('b.example');
    setDue(Array.from({ length: 10 }, (_, i) => root(`s${i}`)));

    await expect(sut.tick()).resolves.toBe(0);
    expect(jobs.getCounts).not.toHaveBeenCalled(); // idle: not even a look at the queue

    advance(1_000);
    await expect(sut.tick()).resolves.toBe(1);
    await expect(sut.tick()).resolves.toBe(0); // the probe is in flight
    expect(reach.admits('https://s0.example/')).toBe(true);
    expect(reach.admits('https://s1.example/')).toBe(false);
  });

  it('a demand is recorded and acted on at once', async () => {
    const { sut, roots, jobs, setDue } = setup({ demandRetryMs: 5_000 });
    roots.demand.mockImplementation(async () => {
      setDue([root('shown', true)]);
    });
    await sut.request(shown('https://shown.example/'));
    await sut.tick();
    expect(roots.demand).toHaveBeenCalledWith(['https://shown.example/'], NOW, 5_000);
    expect(queued(jobs)[0]).toMatchObject({
      payload: { url: 'https://shown.example/', reason: 'demand' },
    });
  });

  it("writes the searches' requests together while a demand is being written, and each site once", async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { sut, roots } = setup();
      let finishFirst!: () => void;
      roots.demand.mockImplementationOnce(
        () => new Promise<void>((resolve) => (finishFirst = resolve)),
      );
      const first = sut.request(shown('https://a.example/'));
      // Two more searches while the first demand is written: one statement for both, after it.
      const second = sut.request(shown('https://b.example/', 'https://c.example/'));
      const third = sut.request(shown('https://c.example/', 'https://d.example/'));
      expect(roots.demand).toHaveBeenCalledTimes(1);
      finishFirst();
      await jest.advanceTimersByTimeAsync(DEMAND_WRITE_SPACING_MS);
      await Promise.all([first, second, third]);
      expect(roots.demand.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
        ['https://a.example/'],
        ['https://b.example/', 'https://c.example/', 'https://d.example/'],
      ]);
      // Idle again (the spacing has passed): the next request is written at once, on its own.
      await jest.advanceTimersByTimeAsync(DEMAND_WRITE_SPACING_MS);
      void sut.request(shown('https://e.example/'));
      expect(roots.demand).toHaveBeenCalledTimes(3);
      expect(roots.demand).toHaveBeenLastCalledWith(
        ['https://e.example/'],
        NOW,
        expect.any(Number),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes demands at most once per spacing: what searches request meanwhile waits and goes together', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { sut, roots } = setup();
      await sut.request(shown('https://a.example/'));
      // Written and done at once; the next searches come within the spacing.
      let written = false;
      const waiting = Promise.all([
        sut.request(shown('https://b.example/')),
        sut.request(shown('https://c.example/')),
      ]).then(() => (written = true));
      await jest.advanceTimersByTimeAsync(DEMAND_WRITE_SPACING_MS - 1);
      expect(roots.demand).toHaveBeenCalledTimes(1);
      expect(written).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await waiting;
      expect(roots.demand.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
        ['https://a.example/'],
        ['https://b.example/', 'https://c.example/'],
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('writes what searches requested at once when it stops, without waiting for the spacing', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { sut, roots } = setup();
      await sut.request(shown('https://a.example/'));
      const pending = sut.request(shown('https://b.example/'));
      expect(roots.demand).toHaveBeenCalledTimes(1);
      await sut.stop();
      await pending;
      expect(roots.demand).toHaveBeenLastCalledWith(
        ['https://b.example/'],
        NOW,
        expect.any(Number),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails no search when a demand cannot be written, and writes the next request', async () => {
    const { sut, roots } = setup();
    roots.demand.mockRejectedValueOnce(new Error('the database is gone'));
    await expect(sut.request(shown('https://a.example/'))).resolves.toBeUndefined();
    await sut.stop(); // written without waiting for the spacing
    await sut.request(shown('https://b.example/'));
    expect(roots.demand).toHaveBeenCalledTimes(2);
    expect(roots.demand).toHaveBeenLastCalledWith(['https://b.example/'], NOW, expect.any(Number));
  });

  it('waits for the demands still being written when it stops', async () => {
    const { sut, roots } = setup();
    let finish!: () => void;
    roots.demand.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    void sut.request(shown('https://a.example/'));
    let stopped = false;
    const stopping = sut.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('counts the waiting roots for an ETA once for the searches of a few seconds, and concurrent ones once', async () => {
    const { sut, roots } = setup({ sitesPerMinute: 60 });
    let elapsed = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => elapsed);
    try {
      roots.countWaiting.mockResolvedValueOnce(119).mockResolvedValueOnce(239);
      // 119 waiting + the new one at 60 a minute: 2 minutes.
      expect(await Promise.all([sut.etaMinutes(), sut.etaMinutes()])).toEqual([2, 2]);
      elapsed += ETA_COUNT_MAX_AGE_MS - 1;
      expect(await sut.etaMinutes()).toBe(2);
      expect(roots.countWaiting).toHaveBeenCalledTimes(1);

      elapsed += 1;
      expect(await sut.etaMinutes()).toBe(4);
      expect(roots.countWaiting).toHaveBeenCalledTimes(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('asks again after a count that failed', async () => {
    const { sut, roots } = setup({ sitesPerMinute: 60 });
    roots.countWaiting.mockRejectedValueOnce(new Error('database gone')).mockResolvedValueOnce(59);
    await expect(sut.etaMinutes()).rejects.toThrow('database gone');
    expect(await sut.etaMinutes()).toBe(1);
    expect(roots.countWaiting).toHaveBeenCalledTimes(2);
  });

  it('sends only the roots the demand would change, as the search read them', async () => {
    const { sut, roots } = setup({ demandRetryMs: 60_000 });
    const read = (status: CrawlRootStatus, nextCrawlAt: Date | null, lastCrawledAt: Date | null) =>
      ({ status, lastError: null, nextCrawlAt, lastCrawledAt }) as const;
    const longAgo = new Date(NOW.getTime() - 120_000);
    await sut.request([
      { url: 'https://new.example/', root: null },
      { url: 'https://demanded.example/', root: read('done', DEMANDED_AT, null) },
      { url: 'https://queued.example/', root: read('queued', NOW, null) },
      {
        url: 'https://just-crawled.example/',
        root: read('done', NOW, new Date(NOW.getTime() - 1)),
      },
      { url: 'https://stale.example/', root: read('failed', longAgo, longAgo) },
    ]);
    expect(roots.demand).toHaveBeenCalledWith(
      ['https://new.example/', 'https://stale.example/'],
      NOW,
      60_000,
    );

    // A page whose every root is demanded already sends no statement.
    roots.demand.mockClear();
    await sut.request([
      { url: 'https://demanded.example/', root: read('done', DEMANDED_AT, null) },
    ]);
    expect(roots.demand).not.toHaveBeenCalled();
  });

  it('does nothing when automatic crawling is off', async () => {
    const { sut, roots } = setup({ auto: false });
    await sut.request(shown('https://shown.example/'));
    expect(roots.demand).not.toHaveBeenCalled();
  });
});
