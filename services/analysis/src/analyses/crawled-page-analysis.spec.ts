import { gzipSync } from 'node:zlib';
import type { CrawledPageSnapshot } from '@frenly/jobs';
import { analysisFairness, BACKGROUND_PRIORITY } from './analysis-fairness.js';
import { CRAWLED_GROUPS, crawledAnalysisOptions, snapshotOf } from './crawled-page-analysis.js';

const URL_ = 'https://shop.example/';
const crawled = (reason: 'demand' | 'background'): CrawledPageSnapshot => ({
  siteId: 7,
  finalUrl: 'https://shop.example/home',
  status: 200,
  headers: { 'content-type': 'text/html', 'set-cookie': ['a=1'] },
  tls: true,
  certificateValid: true,
  redirects: 1,
  bytes: 20,
  htmlGzipBase64: gzipSync(Buffer.from('<p>Ünïcode page</p>')).toString('base64'),
  htmlTruncated: false,
  fetchedAt: '2026-01-01T00:00:00.000Z',
  reason,
});

describe('crawled page analysis', () => {
  it('queues behind every user-requested analysis, in a background group no user id can share', () => {
    const userWorst = analysisFairness(URL_, {
      kind: 'user',
      userId: 'u1',
      inFlight: 10_000,
    }).priority;
    for (const reason of ['demand', 'background'] as const) {
      const options = crawledAnalysisOptions(URL_, crawled(reason));
      expect(options.priority).toBeGreaterThan(userWorst);
      expect(options.groups?.['host']).toBe('shop.example');
      expect(options.groups?.['user']).toMatch(/^background-crawled-[0-3]$/);
    }
  });

  it('spreads crawled pages over a few groups by host, so idle workers can all take them', () => {
    const groups = new Set(
      Array.from(
        { length: 40 },
        (_, i) =>
          crawledAnalysisOptions(`https://site-${i}.example/`, crawled('background')).groups?.[
            'user'
          ],
      ),
    );
    expect(groups.size).toBe(CRAWLED_GROUPS);
  });

  it('puts a page a search is waiting for before plain catalogue filling', () => {
    expect(crawledAnalysisOptions(URL_, crawled('demand')).priority).toBe(BACKGROUND_PRIORITY);
    expect(crawledAnalysisOptions(URL_, crawled('background')).priority).toBeGreaterThan(
      BACKGROUND_PRIORITY,
    );
  });

  it('reads the page back from the crawler’s compressed copy, with what the crawler saw', () => {
    expect(snapshotOf(URL_, crawled('background'))).toEqual({
      requestedUrl: URL_,
      finalUrl: 'https://shop.example/home',
      status: 200,
      headers: { 'content-type': 'text/html', 'set-cookie': ['a=1'] },
      html: '<p>Ünïcode page</p>',
      tls: true,
      certificateValid: true,
      redirects: 1,
      bytes: 20,
    });
  });
});
