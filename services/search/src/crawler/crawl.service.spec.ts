import { gunzipSync } from 'node:zlib';
import type { Database, Transaction } from '@frenly/db';
import { QueueNames, stableJobId } from '@frenly/jobs';
import { JsonLogger, type FrenlyJobQueue } from '@frenly/platform';
import { fakeOf } from '@frenly/testing';
import { counted, movableClock, newMetrics } from '../../test/unit/search.factories.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import type { OutboxWriter } from '../events/outbox-writer.js';
import { SearchError, SearchErrorCode } from '../search.errors.js';
import { SiteRepository, type CrawledPageEntry } from '../sites/site.repository.js';
import { CrawlError, CrawlErrorCode } from './crawl-error.js';
import { CrawlRootRepository } from './crawl-root.repository.js';
import { CrawlService } from './crawl.service.js';
import { SiteCrawler, type CrawlReport, type FetchedPage } from './site-crawler.js';

const HOUR = 3_600_000;
const START = 'https://tools.example/';
const SETTINGS: SearchSettings = {
  ...DEFAULT_SEARCH_SETTINGS,
  crawl: { ...DEFAULT_SEARCH_SETTINGS.crawl, recrawlHours: 24, submissionsPerHour: 2 },
};
const tx = { fake: 'transaction' } as unknown as Transaction;

const page = (url: string): CrawledPageEntry => ({
  url,
  domain: 'tools.example',
  title: 'Tools',
  description: '',
  pageText: 'hammers',
  language: 'en',
});
const fetched = (html: string): FetchedPage => ({
  finalUrl: START,
  status: 200,
  headers: { 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'], 'x-unrelated': 'dropped' },
  html,
  tls: true,
  certificateValid: true,
  redirects: 0,
  bytes: Buffer.byteLength(html),
  fetchedAt: new Date('2026-01-01T00:00:01.000Z'),
});
const report = (indexed: string[]): CrawlReport =>
  ({
    startUrl: START,
    rootSiteId: 1,
    indexed,
    skipped: [{ url: `${START}private`, reason: 'robots' }],
    requests: 4,
  }) as CrawlReport;

function setup() {
  const db = {
    transaction: <T>(work: (t: Transaction) => Promise<T>) => work(tx),
  } as unknown as Database;
  const sites = fakeOf<SiteRepository>();
  const roots = fakeOf<CrawlRootRepository>();
  const outbox = fakeOf<OutboxWriter>();
  const crawler = fakeOf<SiteCrawler>();
  const jobs = fakeOf<FrenlyJobQueue>();
  const clock = movableClock();
  const metrics = newMetrics();
  const logger = new JsonLogger({ service: 'search-unit', level: 'error', write: () => undefined });
  roots.markCrawling.mockResolvedValue(undefined);
  roots.finish.mockResolvedValue(undefined);
  roots.upsertQueued.mockResolvedValue(undefined as never);
  roots.countSubmittedSince.mockResolvedValue(0);
  outbox.write.mockResolvedValue(undefined);
  jobs.enqueue.mockResolvedValue(undefined as never);
  crawler.crawl.mockResolvedValue(report([START]));
  const sut = new CrawlService(
    db,
    sites,
    roots,
    outbox,
    crawler,
    jobs,
    SETTINGS,
    clock,
    logger,
    metrics,
  );
  return { sut, sites, roots, outbox, crawler, jobs, clock, metrics };
}

const schedule = (now: Date) => ({
  crawledAt: now,
  nextCrawlAt: new Date(now.getTime() + 24 * HOUR),
});

describe(CrawlService.name, () => {
  describe('crawl', () => {
    it('crawls the canonical start URL and records the outcome with the next crawl date', async () => {
      const { sut, roots, crawler, clock, metrics } = setup();
      crawler.crawl.mockResolvedValue(report([START, `${START}about`]));

      const outcome = await sut.crawl('HTTPS://Tools.Example');

      expect(roots.markCrawling).toHaveBeenCalledWith(START, 'tools.example');
      expect(crawler.crawl.mock.calls[0]![0]).toBe(START);
      expect(outcome).toMatchObject({
        status: 'done',
        report: { indexed: [START, `${START}about`] },
      });
      expect(roots.finish).toHaveBeenCalledWith(START, {
        status: 'done',
        pagesIndexed: 2,
        lastError: null,
        ...schedule(clock()),
      });
      expect(await counted(metrics, 'search_crawls_total', { outcome: 'done' })).toBe(1);
      expect(await counted(metrics, 'search_crawled_pages_total')).toBe(2);
    });

    it('announces a new (or retitled) site and hands its fetched page to the analysis, in its transaction; an inner page is a document of the site, not announced', async () => {
      const { sut, sites, crawler, outbox } = setup();
      const indexedAt = new Date('2026-01-01T00:00:00.000Z');
      const home = { id: 7, url: START, domain: 'tools.example', title: 'Tools', indexedAt };
      sites.upsertCrawledPage
        .mockResolvedValueOnce({ site: home, siteId: 7, isSite: true, announce: true })
        .mockResolvedValueOnce({
          site: { id: 8, url: `${START}about`, domain: 'tools.example', title: 'About', indexedAt },
          siteId: 7,
          isSite: false,
          announce: false,
        })
        .mockResolvedValueOnce({ site: home, siteId: 7, isSite: true, announce: false });
      const saved: number[] = [];
      crawler.crawl.mockImplementation(async (_start, sink) => {
        saved.push(
          await sink(page(START), fetched('<p>home</p>'), undefined),
          await sink(page(`${START}about`), fetched('<p>about</p>'), 7),
          await sink(page(START), fetched('<p>home</p>'), undefined),
        );
        return report([START, `${START}about`]);
      });

      await sut.crawl(START);

      // The sink answers each page's site: the inner page's is the homepage's.
      expect(saved).toEqual([7, 7, 7]);
      expect(sites.upsertCrawledPage).toHaveBeenNthCalledWith(1, tx, page(START), null);
      expect(sites.upsertCrawledPage).toHaveBeenNthCalledWith(2, tx, page(`${START}about`), 7);
      // Nothing for the inner page: one write for the new site, one for its unchanged re-crawl.
      expect(outbox.write).toHaveBeenCalledTimes(2);
      const [writeTx, events] = outbox.write.mock.calls[0]!;
      expect(writeTx).toBe(tx);
      expect(events.map((event) => event.topic)).toEqual([
        'search.site-indexed',
        'search.site-crawled',
      ]);
      expect(events[0]).toMatchObject({
        topic: 'search.site-indexed',
        payload: { siteId: 7, url: START, title: 'Tools', indexedAt: indexedAt.toISOString() },
      });
      const crawled = events[1]!.payload as {
        siteId: number;
        url: string;
        headers: object;
        htmlGzipBase64: string;
        htmlTruncated: boolean;
        reason: string;
      };
      expect(crawled).toMatchObject({
        siteId: 7,
        url: START,
        htmlTruncated: false,
        reason: 'background',
        headers: { 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] },
      });
      expect(crawled.headers).not.toHaveProperty('x-unrelated');
      expect(gunzipSync(Buffer.from(crawled.htmlGzipBase64, 'base64')).toString('utf8')).toBe(
        '<p>home</p>',
      );
      // The unchanged site is not announced again, but its fetched HTML still goes to the analysis.
      expect(outbox.write.mock.calls[1]![1].map((event) => event.topic)).toEqual([
        'search.site-crawled',
      ]);
      expect(outbox.committed).toHaveBeenCalledTimes(2);
    });

    it('records a refused crawl as an outcome, not an exception, and schedules the next one', async () => {
      const { sut, roots, crawler, clock, metrics } = setup();
      const refusal = new CrawlError(CrawlErrorCode.DisallowedByRobots, 'robots.txt disallows /');
      crawler.crawl.mockRejectedValue(refusal);

      await expect(sut.crawl(START)).resolves.toEqual({ status: 'failed', error: refusal });
      expect(roots.finish).toHaveBeenCalledWith(START, {
        status: 'failed',
        pagesIndexed: 0,
        lastError: 'robots.txt disallows /',
        ...schedule(clock()),
      });
      expect(await counted(metrics, 'search_crawls_total', { outcome: 'failed' })).toBe(1);
    });

    it('throws any other failure (the job retries), after recording it, even if recording fails', async () => {
      const { sut, roots, crawler, metrics } = setup();
      crawler.crawl.mockRejectedValue(new Error(`socket hang up ${'x'.repeat(600)}`));
      roots.finish.mockRejectedValue(new Error('database away'));

      await expect(sut.crawl(START)).rejects.toThrow('socket hang up');
      expect(roots.finish.mock.calls[0]![1].lastError).toHaveLength(500);
      expect(await counted(metrics, 'search_crawls_total')).toBe(0);
    });
  });

  describe('submit', () => {
    it('queues a crawl job for the canonical URL, once per URL while pending', async () => {
      const { sut, roots, jobs } = setup();

      await expect(sut.submit('https://Tools.Example', 'user-1')).resolves.toBe(START);

      expect(roots.upsertQueued).toHaveBeenCalledWith(START, 'tools.example', 'user-1');
      expect(jobs.enqueue).toHaveBeenCalledWith(
        QueueNames.siteCrawl,
        { url: START, reason: 'submission' },
        { jobId: stableJobId('crawl', START), attempts: 2, backoffMs: 30_000 },
      );
    });

    it.each([
      ['not a url', SearchErrorCode.InvalidUrl],
      ['ftp://tools.example/', SearchErrorCode.InvalidUrl],
      ['http://127.0.0.1/', SearchErrorCode.UrlRefused],
      ['http://localhost:8080/', SearchErrorCode.UrlRefused],
      ['http://10.1.2.3/', SearchErrorCode.UrlRefused],
    ])('refuses %s with 400 and queues nothing', async (input, code) => {
      const { sut, roots, jobs } = setup();

      const error = await sut.submit(input, 'user-1').catch((reason: unknown) => reason);

      expect(error).toBeInstanceOf(SearchError);
      expect((error as SearchError).code).toBe(code);
      expect((error as SearchError).httpStatus).toBe(400);
      expect(roots.upsertQueued).not.toHaveBeenCalled();
      expect(jobs.enqueue).not.toHaveBeenCalled();
    });

    it("refuses with 429 past the user's submissions per hour", async () => {
      const { sut, roots, jobs, clock } = setup();
      roots.countSubmittedSince.mockResolvedValue(2);

      const error = await sut.submit(START, 'user-1').catch((reason: unknown) => reason);

      expect((error as SearchError).code).toBe(SearchErrorCode.SubmissionLimit);
      expect((error as SearchError).httpStatus).toBe(429);
      expect(roots.countSubmittedSince).toHaveBeenCalledWith(
        'user-1',
        new Date(clock().getTime() - HOUR),
      );
      expect(jobs.enqueue).not.toHaveBeenCalled();
    });
  });

  it('queues every crawl root that is due', async () => {
    const { sut, roots, jobs, clock } = setup();
    roots.due.mockResolvedValue([
      { url: 'https://a.example/' },
      { url: 'https://b.example/' },
    ] as never);

    await expect(sut.enqueueDue(50)).resolves.toBe(2);

    expect(roots.due).toHaveBeenCalledWith(clock(), 50);
    expect(jobs.enqueue.mock.calls.map((call) => call[1])).toEqual([
      { url: 'https://a.example/', reason: 'background' },
      { url: 'https://b.example/', reason: 'background' },
    ]);
  });
});
