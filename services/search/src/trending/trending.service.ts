import { Inject, Injectable } from '@nestjs/common';
import {
  CLOCK,
  SEARCH_SETTINGS,
  type Clock,
  type SearchSettings,
} from '../config/search.settings.js';
import { mayTrend } from './may-trend.js';
import { TrendingRepository } from './trending.repository.js';

const HOUR_MS = 3_600_000;

/** The trending list: hottest normalised queries over a decaying window, cached briefly. */
@Injectable()
export class TrendingService {
  private cached?: { at: number; list: Promise<string[]> };
  private lastPrune = 0;

  constructor(
    private readonly repository: TrendingRepository,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  trending(): Promise<string[]> {
    const now = this.clock().getTime();
    const { cacheSeconds } = this.settings.trending;
    if (this.cached && now - this.cached.at < cacheSeconds * 1000 && now >= this.cached.at)
      return this.cached.list;
    const list = this.compute(now);
    this.cached = { at: now, list };
    list.catch(() => (this.cached = undefined));
    return list;
  }

  private async compute(now: number): Promise<string[]> {
    const { windowHours, halfLifeHours, minVisitors, size } = this.settings.trending;
    const windowStart = new Date(now - windowHours * HOUR_MS);
    if (now - this.lastPrune > HOUR_MS) {
      this.lastPrune = now;
      await this.repository.pruneBefore(windowStart);
    }
    // The writer keeps what may not trend out of the table; this also holds for rows stored
    // before a rule was added (they stay until they leave the window). A few spare rows cover them.
    const hottest = await this.repository.hottest({
      now: new Date(now),
      windowStart,
      halfLifeSeconds: halfLifeHours * 3600,
      minVisitors,
      limit: size * 2,
    });
    return hottest.filter(mayTrend).slice(0, size);
  }
}
