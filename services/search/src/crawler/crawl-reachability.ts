import { Inject, Injectable } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { WebReachability } from './web-reachability.js';

/**
 * This process's view of whether the web is reachable (web-reachability.ts), shared by the
 * frontier (which stops starting work) and the crawl jobs (which report what they met). Real
 * time, not the service clock: backoff is about wall-clock waiting.
 */
@Injectable()
export class CrawlReachability extends WebReachability {
  constructor(@Inject(SEARCH_SETTINGS) settings: SearchSettings, logger: JsonLogger) {
    const log = logger.forContext('CrawlReachability');
    const { offlineAfterFailures, offlineBackoffMs, offlineMaxBackoffMs } = settings.crawl;
    super(
      Date.now,
      {
        offline: (details) =>
          log.entry(
            'warn',
            'the web cannot be reached from here: crawling paused, probing with backoff',
            details,
          ),
        online: (details) =>
          log.entry('warn', 'the web can be reached again: crawling resumed', details),
      },
      {
        failuresToGoOffline: offlineAfterFailures,
        baseBackoffMs: offlineBackoffMs,
        maxBackoffMs: offlineMaxBackoffMs,
      },
    );
  }
}
