import type { WebReachability } from '@frenly/contracts';
import type { CrawlRootStatus } from '@frenly/db';
import { fakeOf } from '@frenly/testing';
import { factory } from '../../test/unit/search.factories.js';
import { CrawlFrontier } from '../crawler/crawl-frontier.js';
import { CrawlReachability } from '../crawler/crawl-reachability.js';
import { DomainFactsService } from './domain-facts.js';
import { ResultInsights } from './result-insights.js';

const ANALYSED_AT = new Date('2026-03-04T05:06:07.000Z');

const root = (status: CrawlRootStatus, lastError: string | null) => ({
  status,
  lastError,
  nextCrawlAt: ANALYSED_AT,
  lastCrawledAt: ANALYSED_AT,
});

function setup({
  crawling = true,
  web = 'reachable',
}: { crawling?: boolean; web?: WebReachability } = {}) {
  const frontier = fakeOf<CrawlFrontier>({ enabled: crawling });
  // The demand is written off the response path: a search never waits for it.
  frontier.request.mockReturnValue(new Promise<void>(() => undefined));
  frontier.etaMinutes.mockResolvedValue(7);
  const reach = fakeOf<CrawlReachability>({ state: web });
  const facts = fakeOf<DomainFactsService>();
  facts.of.mockImplementation((domain) => ({ domain }) as never);
  return { sut: new ResultInsights(frontier, reach, facts), frontier };
}

describe('ResultInsights', () => {
  it("hands the page's unanalysed sites to the frontier once each, without waiting for the demand", async () => {
    const { sut, frontier } = setup();
    const page = [
      factory.hit(1),
      factory.hit(2, { siteUrl: 'https://site1.example/', pageId: 20 }), // a page of site 1
      factory.hit(3, { analyzedAt: ANALYSED_AT }),
      factory.hit(4),
    ];

    await sut.describe(page);

    expect(frontier.request).toHaveBeenCalledTimes(1);
    expect(frontier.request).toHaveBeenCalledWith([
      { url: 'https://site1.example/', root: null },
      { url: 'https://site4.example/', root: null },
    ]);
  });

  it("says each result's state from its site's crawl root as the search read it", async () => {
    const { sut } = setup();
    const analysed = factory.hit(1, { analyzedAt: ANALYSED_AT });
    const failed = factory.hit(2, {
      crawlRoot: root('failed', 'The site answered 503'),
    });
    const crawling = factory.hit(3, { crawlRoot: root('crawling', null) });
    const unknown = factory.hit(4);

    const insights = await sut.describe([analysed, failed, crawling, unknown]);

    expect(insights.web).toBe('reachable');
    expect(insights.of(analysed).insight).toEqual({ state: 'analysed' });
    expect(insights.of(failed).insight).toEqual({
      state: 'not_analysable',
      reason: 'The site answered 503',
    });
    expect(insights.of(crawling).insight).toEqual({ state: 'queued', etaMinutes: 7 });
    expect(insights.of(unknown).insight).toEqual({ state: 'queued', etaMinutes: 7 });
    expect(insights.of(unknown).domainFacts).toEqual({ domain: 'site4.example' });
  });

  it('says the web is out of reach, and asks no ETA, when it is', async () => {
    const { sut, frontier } = setup({ web: 'unreachable' });
    const hit = factory.hit(1);

    const insights = await sut.describe([hit]);

    expect(insights.of(hit).insight).toEqual({ state: 'unreachable' });
    expect(frontier.request).toHaveBeenCalledWith([{ url: 'https://site1.example/', root: null }]);
    expect(frontier.etaMinutes).not.toHaveBeenCalled();
  });

  it('queues nothing and says why when automatic crawling is off', async () => {
    const { sut, frontier } = setup({ crawling: false });
    const hit = factory.hit(1, { crawlRoot: root('failed', 'ignored') });

    const insights = await sut.describe([hit]);

    expect(frontier.request).not.toHaveBeenCalled();
    expect(insights.of(hit).insight).toEqual({
      state: 'not_analysable',
      reason: 'Automatic crawling is switched off on this installation',
    });
  });
});
