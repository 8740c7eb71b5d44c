import { Inject, Injectable } from '@nestjs/common';
import { QueueNames, stableJobId } from '@frenly/jobs';
import { JOB_QUEUE, JsonLogger, runWithRequestId, type FrenlyJobQueue } from '@frenly/platform';
import {
  CLOCK,
  SEARCH_SETTINGS,
  type Clock,
  type SearchSettings,
} from '../config/search.settings.js';
import { CrawlBudget } from './crawl-budget.js';
import { demandWouldChange, type ShownSite } from './crawl-demand.js';
import { CrawlReachability } from './crawl-reachability.js';
import { CrawlRootRepository } from './crawl-root.repository.js';

/** Job priorities of the site-crawl queue: a search waiting for insights first. */
export const CRAWL_PRIORITY = { demand: 1, background: 100 } as const;

/**
 * How long a count of the roots waiting for a crawl serves the ETA of the searches after it.
 * The ETA is shown in minutes and the queue moves by a few sites a second at most, so a count
 * some seconds old says the same; counting at every search costs a statement each (on PGlite,
 * one queued behind the others).
 */
export const ETA_COUNT_MAX_AGE_MS = 5_000;

/**
 * Demands are written at most once in this long: what searches request meanwhile waits and goes
 * into the next statement together. A write costs about a millisecond on PGlite however few rows
 * it holds (its commit), on the one thread that also answers the searches: written one by one,
 * the demands of a fresh catalogue (nearly every search shows a site never crawled) took 11 %
 * of that thread at four searches at a time. A crawl takes seconds; a quarter of one more before
 * it is queued changes nothing a person sees.
 */
export const DEMAND_WRITE_SPACING_MS = 250;

/** Rounds between two looks at a catalogue that had nothing left to admit (a seed load may add sites). */
const ADMIT_EVERY_ROUNDS = 10;

/**
 * The frontier: crawl roots in the database (search.crawl_roots) whose next crawl is due,
 * turned into site-crawl jobs (BullMQ when distributed, in-process when embedded) at a bounded
 * rate (`sitesPerMinute`). Demanded roots (a search showed them without insights) go first and
 * at the queue's top priority; uncrawled catalogue sites are admitted as roots when the due
 * ones run short. Offline (CrawlReachability), it starts nothing but one probe per backoff.
 * Each claimed root is leased (`leaseMs`): a job lost with its queue makes it due again.
 */
@Injectable()
export class CrawlFrontier {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly budget: CrawlBudget;
  private readonly logger: JsonLogger;
  private nextAdmitAt = 0;
  /** Sites searches showed without insights, not yet written as a demand. */
  private readonly requested = new Set<string>();
  private writingDemands?: Promise<void>;
  /** When the last demand was written (Date.now()), and how to end the wait for the next one. */
  private demandWrittenAt = Number.NEGATIVE_INFINITY;
  private endDemandSpacing?: () => void;
  private stopping = false;
  /** The last count of waiting roots (or the one in flight) and when it was asked for. */
  private waitingCount?: { readonly at: number; readonly count: Promise<number> };

  constructor(
    private readonly roots: CrawlRootRepository,
    private readonly reach: CrawlReachability,
    @Inject(JOB_QUEUE) private readonly jobs: FrenlyJobQueue,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    logger: JsonLogger,
  ) {
    this.budget = new CrawlBudget(settings.crawl.sitesPerMinute, Date.now);
    this.logger = logger.forContext('CrawlFrontier');
  }

  get enabled(): boolean {
    return this.settings.crawl.auto;
  }

  start(): void {
    if (!this.enabled || this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => void this.tick(), this.settings.crawl.frontierIntervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    // What searches requested is written now, not after the spacing.
    this.stopping = true;
    this.endDemandSpacing?.();
    await this.writingDemands;
    await this.running;
  }

  /**
   * Minutes until a site demanded now is likely crawled (the work ahead at this budget). The
   * searches of ETA_COUNT_MAX_AGE_MS share one count, and concurrent ones the count in flight;
   * a count that failed is asked again by the next search.
   */
  async etaMinutes(): Promise<number> {
    // The count's age is elapsed time, whatever the crawl's clock says.
    const last = this.waitingCount;
    const count =
      last && Date.now() - last.at < ETA_COUNT_MAX_AGE_MS ? last.count : this.countWaiting();
    return this.budget.minutesFor((await count) + 1);
  }

  private countWaiting(): Promise<number> {
    const count = this.roots.countWaiting(this.clock());
    const entry = { at: Date.now(), count };
    this.waitingCount = entry;
    count.catch(() => {
      if (this.waitingCount === entry) this.waitingCount = undefined;
    });
    return count;
  }

  /**
   * A search showed these sites (canonical URLs) without insights: they are crawled (and so
   * analysed) first, once each (a root already queued or just crawled is left as it is). A site
   * whose root, as the search read it, says the demand would change nothing (demanded already,
   * busy, or just crawled) is not sent: under a popular query most are. The demand is written
   * off the search's response path: at once when none was written for DEMAND_WRITE_SPACING_MS,
   * else when that time has passed, with every request that arrived meanwhile in one statement.
   * Resolves once they are written, or their failure logged: a search does not wait.
   */
  request(sites: readonly ShownSite[]): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const now = this.clock();
    const urls = sites
      .filter((site) => demandWouldChange(site.root, now, this.settings.crawl.demandRetryMs))
      .map((site) => site.url);
    if (urls.length === 0) return Promise.resolve();
    for (const url of urls) this.requested.add(url);
    this.writingDemands ??= this.writeDemands();
    return this.writingDemands;
  }

  private async writeDemands(): Promise<void> {
    try {
      while (this.requested.size > 0) {
        const waitMs = this.demandWrittenAt + DEMAND_WRITE_SPACING_MS - Date.now();
        if (waitMs > 0 && !this.stopping) await this.demandSpacing(waitMs);
        const urls = [...this.requested];
        this.requested.clear();
        this.demandWrittenAt = Date.now();
        try {
          await this.roots.demand(urls, this.clock(), this.settings.crawl.demandRetryMs);
          void this.tick();
        } catch (error) {
          this.logger.exception('could not queue the sites of a search', error);
        }
      }
    } finally {
      this.writingDemands = undefined;
    }
  }

  /** Waits `waitMs` (what is left of the spacing since the last demand), or until it stops. */
  private async demandSpacing(waitMs: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      this.endDemandSpacing = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.endDemandSpacing = undefined;
  }

  /** One round; never two at once (a slow database must not pile rounds up). Returns jobs queued. */
  tick(): Promise<number> {
    if (this.running) return this.running;
    // Background work belongs to no request (its logs and events must not carry one).
    this.running = runWithRequestId(undefined, () => this.round())
      .catch((error: unknown) => {
        this.logger.exception('the crawl frontier could not queue work', error);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async round(): Promise<number> {
    const decision = this.reach.decide();
    if (decision.kind === 'wait') return 0;
    // Never more waiting jobs than the workers take soon: a claim leased while it waits in a
    // long queue would come due again and be queued twice.
    const counts = await this.jobs.getCounts(QueueNames.siteCrawl);
    const room = this.settings.crawl.concurrency * 2 - counts.waiting - counts.delayed;
    if (room <= 0) return 0;
    const wanted = decision.kind === 'probe' ? 1 : this.budget.take(room);
    if (wanted === 0) return 0;
    const now = this.clock();
    const leaseUntil = new Date(now.getTime() + this.settings.crawl.leaseMs);
    let claimed = await this.roots.claimDue(now, wanted, leaseUntil);
    if (claimed.length < wanted && Date.now() >= this.nextAdmitAt) {
      const admitted = await this.roots.admitUncrawled(now, Math.max(wanted * 4, 100));
      // Nothing left to admit: look again in a while, not every round.
      if (admitted === 0)
        this.nextAdmitAt = Date.now() + ADMIT_EVERY_ROUNDS * this.settings.crawl.frontierIntervalMs;
      else
        claimed = [
          ...claimed,
          ...(await this.roots.claimDue(now, wanted - claimed.length, leaseUntil)),
        ];
    }
    if (decision.kind === 'probe') {
      const probe = claimed[0];
      if (probe) this.reach.probing(probe.url);
      else this.reach.probeNotSent();
    } else if (claimed.length < wanted) this.budget.giveBack(wanted - claimed.length);
    for (const root of claimed) {
      const reason = root.demanded ? 'demand' : 'background';
      await this.jobs.enqueue(
        QueueNames.siteCrawl,
        { url: root.url, reason },
        // One job per claim (the lease de-duplicates); a retry only for errors of ours, not the site's.
        {
          jobId: stableJobId('crawl-frontier', `${root.url} ${leaseUntil.toISOString()}`),
          priority: CRAWL_PRIORITY[reason],
          attempts: 1,
        },
      );
    }
    return claimed.length;
  }
}
