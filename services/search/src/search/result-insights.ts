import { Injectable } from '@nestjs/common';
import type { DomainFacts, ResultInsightState, WebReachability } from '@frenly/contracts';
import { CrawlFrontier } from '../crawler/crawl-frontier.js';
import { CrawlReachability } from '../crawler/crawl-reachability.js';
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
 * What a page of results says beside each site's analysis: its queue state (from the crawl
 * root the search read with its results), the domain's public facts, the web's reachability.
 * The unanalysed sites of the page are handed to the crawl frontier (de-duplicated there), off
 * the response path, so the next visitor sees their insights without anyone clicking.
 */
@Injectable()
export class ResultInsights {
  constructor(
    private readonly frontier: CrawlFrontier,
    private readonly reach: CrawlReachability,
    private readonly facts: DomainFactsService,
  ) {}

  async describe(hits: readonly SearchHit[]): Promise<PageInsights> {
    const web = this.reach.state;
    // A page's site is what gets crawled and analysed, never the inner page itself.
    const waiting = new Map(
      hits.filter((hit) => hit.analyzedAt === null).map((hit) => [hit.siteUrl, hit.crawlRoot]),
    );
    let eta = 1;
    // With crawling off, a result's state needs no root (stateOf).
    if (waiting.size > 0 && this.frontier.enabled) {
      void this.frontier.request([...waiting].map(([url, root]) => ({ url, root })));
      if (web === 'reachable') eta = await this.frontier.etaMinutes();
    }
    return {
      web,
      of: (hit) => ({
        insight: this.stateOf(hit, web, eta),
        domainFacts: this.facts.of(hit.domain),
      }),
    };
  }

  private stateOf(hit: SearchHit, web: WebReachability, etaMinutes: number): ResultInsightState {
    if (hit.analyzedAt !== null) return { state: 'analysed' };
    if (!this.frontier.enabled)
      return {
        state: 'not_analysable',
        reason: 'Automatic crawling is switched off on this installation',
      };
    if (web === 'unreachable') return { state: 'unreachable' };
    // A demand never changes a failed root's status or error: the root as read is as it will be.
    const root = hit.crawlRoot;
    if (root?.status === 'failed' && root.lastError)
      return { state: 'not_analysable', reason: root.lastError };
    return { state: 'queued', etaMinutes };
  }
}
