import { Inject, Injectable } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { CrawlService } from './crawl.service.js';

/**
 * Re-crawls on a schedule: every scheduleIntervalMs, queues the crawl roots that are due. When
 * the frontier runs by itself (crawl.auto, crawl-frontier.ts) it does this, at a bounded rate,
 * and the scheduler stays off.
 */
@Injectable()
export class CrawlScheduler {
  private timer?: NodeJS.Timeout;
  private readonly logger: JsonLogger;

  constructor(
    private readonly crawls: CrawlService,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('CrawlScheduler');
  }

  start(): void {
    const interval = this.settings.crawl.scheduleIntervalMs;
    if (interval <= 0 || this.timer || this.settings.crawl.auto) return;
    this.timer = setInterval(() => void this.tick(), interval);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async tick(): Promise<number> {
    try {
      const queued = await this.crawls.enqueueDue();
      if (queued > 0) this.logger.info('re-crawls queued', { queued });
      return queued;
    } catch (error) {
      this.logger.exception('could not queue re-crawls', error);
      return 0;
    }
  }
}
