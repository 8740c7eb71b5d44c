import { Inject, Injectable } from '@nestjs/common';
import type { DomainFacts, ResultInsightState, WebReachability } from '@frenly/contracts';
import { JsonLogger } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { CrawlFrontier } from '../crawler/crawl-frontier.js';
import { CrawlReachability } from '../crawler/crawl-reachability.js';
import type { RootState } from '../crawler/crawl-root.repository.js';
import { DomainFactsService } from './domain-facts.js';
import type { SearchHit } from './search.repository.js';

export interface HitInsight {
  readonly insight: ResultInsightState;
  readonly domainFacts: DomainFacts;
}

export interface PageInsights {
  readonly web: WebReachability;
  of(hit: SearchHit): HitInsight;
}

/**
 * What a page of results says beside each site's analysis: its queue state, the domain's
 * public facts, the web's reachability. Demand first: the unanalysed sites of the page are
 * handed to the crawl frontier (de-duplicated there), off the response path, so the next
 * visitor sees their insights without anyone clicking.
 */
@Injectable()
export class ResultInsights {
  private readonly logger: JsonLogger;

  constructor(
    private readonly frontier: CrawlFrontier,
    private readonly reach: CrawlReachability,
    private readonly facts: DomainFactsService,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('ResultInsights');
  }

  async describe(hits: readonly SearchHit[]): Promise<PageInsights> {
    const web = this.reach.state;
    // A page's site is what gets crawled and analysed, never the inner page itself.
    const waiting = [
      ...new Set(hits.filter((hit) => hit.analyzedAt === null).map((hit) => hit.siteUrl)),
    ];
    let states = new Map<string, RootState>();
    let eta = 1;
    // With crawling off, a result's state needs no root (stateOf); with it on, the demand
    // answers the roots' states in the same round trip.
    if (waiting.length > 0 && this.frontier.enabled) {
      const [rows, minutes] = await Promise.all([
        this.frontier.demand(waiting).catch((error: unknown) => {
          this.logger.exception('could not queue the sites of a search', error);
          return [];
        }),
        web === 'reachable' ? this.frontier.etaMinutes() : Promise.resolve(1),
      ]);
      states = new Map(rows.map((row) => [row.url, row]));
      eta = minutes;
    }
    return {
      web,
      of: (hit) => ({
        insight: this.stateOf(hit, web, states.get(hit.siteUrl), eta),
        domainFacts: this.facts.of(hit.domain),
      }),
    };
  }

  private stateOf(
    hit: SearchHit,
    web: WebReachability,
    root: RootState | undefined,
    etaMinutes: number,
  ): ResultInsightState {
    if (hit.analyzedAt !== null) return { state: 'analysed' };
    if (!this.frontier.enabled)
      return {
        state: 'not_analysable',
        reason: 'Automatic crawling is switched off on this installation',
      };
    if (web === 'unreachable') return { state: 'unreachable' };
    if (root?.status === 'failed' && root.lastError)
      return { state: 'not_analysable', reason: root.lastError };
    return { state: 'queued', etaMinutes };
  }
}
