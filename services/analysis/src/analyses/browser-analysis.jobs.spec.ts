import type { FrenlyJobQueue } from '@frenly/platform';
import { stableJobId } from '@frenly/jobs';
import { fakeOf } from '@frenly/testing';
import { capturingLogger } from '../../test/unit/analysis.factories.js';
import { BACKGROUND_PRIORITY } from './analysis-fairness.js';
import { BrowserAnalysisJobs, browserGroupLimits } from './browser-analysis.jobs.js';
import { BrowserTierProvider } from './browser-tier.provider.js';

const URL_ = 'https://shop.example/';

function setup() {
  const jobs = fakeOf<FrenlyJobQueue>();
  jobs.enqueue.mockResolvedValue({ jobId: 'j', isNew: true });
  const { logger, lines } = capturingLogger();
  const sut = new BrowserAnalysisJobs(
    jobs,
    fakeOf<BrowserTierProvider>({ siteBudgetMs: 30_000 }),
    logger,
  );
  return { sut, jobs, lines };
}

describe(BrowserAnalysisJobs.name, () => {
  it("queues a person's visit ahead of background work, one job per analysis", async () => {
    const { sut, jobs } = setup();
    await sut.schedule('a1', URL_, { kind: 'user', userId: 'u1', inFlight: 1 });
    expect(jobs.enqueue).toHaveBeenCalledWith(
      'site-browser-analysis',
      { analysisId: 'a1', url: URL_ },
      {
        jobId: stableJobId('browser', 'a1'),
        timeoutMs: 65_000,
        priority: 1,
        groups: { user: 'user-u1', host: 'shop.example' },
      },
    );
  });

  it('puts a visit nobody waits for (a crawled site) behind every person’s, in the background visits group', async () => {
    const { sut, jobs } = setup();
    await sut.schedule('a2', URL_, { kind: 'background' });
    expect(jobs.enqueue.mock.calls[0]![2]).toMatchObject({
      priority: BACKGROUND_PRIORITY,
      groups: { user: 'background', host: 'shop.example', background: 'visits' },
    });
  });

  it('logs a queue that refuses, and leaves the HTML report standing', async () => {
    const { sut, jobs, lines } = setup();
    jobs.enqueue.mockRejectedValue(new Error('Redis away'));
    await expect(sut.schedule('a3', URL_, { kind: 'background' })).resolves.toBeUndefined();
    expect(lines.map((line) => line['msg'])).toContain(
      'could not queue the browser tier; the HTML report stands',
    );
  });
});

describe(browserGroupLimits.name, () => {
  it('keeps one browser for people when there are two or more, and never blocks a pool of one', () => {
    expect(browserGroupLimits(1)).toEqual({ host: 1, background: 1 });
    expect(browserGroupLimits(2)).toEqual({ host: 1, background: 1 });
    expect(browserGroupLimits(4)).toEqual({ host: 1, background: 3 });
  });
});
