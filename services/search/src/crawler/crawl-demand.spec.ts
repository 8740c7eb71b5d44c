import type { CrawlRootStatus } from '@frenly/db';
import { DEMANDED_AT, demandWouldChange, type CrawlRootState } from './crawl-demand.js';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const RETRY_MS = 60 * 60_000;
const LONG_AGO = new Date(NOW.getTime() - 2 * RETRY_MS);
const JUST_NOW = new Date(NOW.getTime() - 60_000);

const root = (
  status: CrawlRootStatus,
  nextCrawlAt: Date | null,
  lastCrawledAt: Date | null,
): CrawlRootState => ({ status, lastError: null, nextCrawlAt, lastCrawledAt });

describe(demandWouldChange.name, () => {
  it.each([
    ['a site never queued', null, true],
    ['a root scheduled later, crawled long ago', root('done', NOW, LONG_AGO), true],
    ['a failure crawled long ago', root('failed', NOW, LONG_AGO), true],
    ['a root with no schedule', root('done', null, null), true],
    ['a root demanded already', root('done', DEMANDED_AT, null), false],
    ['a root being crawled', root('crawling', NOW, null), false],
    ['a root queued for a crawl', root('queued', NOW, LONG_AGO), false],
    ['a root crawled a minute ago', root('failed', NOW, JUST_NOW), false],
    [
      'a root crawled exactly at the retry boundary',
      root('done', NOW, new Date(NOW.getTime() - RETRY_MS)),
      false,
    ],
  ])('%s: %s', (_what, state, expected) => {
    expect(demandWouldChange(state, NOW, RETRY_MS)).toBe(expected);
  });
});
