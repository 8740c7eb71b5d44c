import { Inject, Injectable } from '@nestjs/common';
import {
  Topics,
  type SiteAnalyzedV1,
  canonicalUrl,
  domainOf,
  InvalidUrlError,
} from '@frenly/contracts';
import type { Transaction } from '@frenly/db';
import type { TypedEvent } from '@frenly/events';
import { OnBusEvent, type AfterCommit, type StartPosition } from '@frenly/platform';
import { SearchOutbox } from '../events/search-outbox.js';
import { siteIndexedEvent } from '../events/site-indexed.event.js';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { SiteRepository } from '../sites/site.repository.js';

/** The catalogue's consumer group (`search.catalogue` unless configured). */
const catalogueGroup = (consumer: SiteEventsConsumer): string => consumer.settings.consumerGroup;
const catalogueStart = (consumer: SiteEventsConsumer): StartPosition =>
  consumer.settings.consumeFromBeginning ? 'earliest' : 'newest';

/**
 * Keeps the catalogue's counts, totals, scores and analysisData current from other services'
 * events, each once per event (the processed-events mark commits with the change). A ledger
 * event carrying an older siteVersion than the one held changes nothing, so a late or
 * replayed event never moves a count back.
 */
@Injectable()
export class SiteEventsConsumer {
  constructor(
    @Inject(SEARCH_SETTINGS) readonly settings: SearchSettings,
    private readonly sites: SiteRepository,
    private readonly outbox: SearchOutbox,
  ) {}

  @OnBusEvent({ topic: Topics.VoteCast, group: catalogueGroup, start: catalogueStart, once: true })
  async onVoteCast(event: TypedEvent<typeof Topics.VoteCast>, tx: Transaction): Promise<void> {
    await this.sites.applyVoteTotals(tx, event.payload);
  }

  @OnBusEvent({
    topic: Topics.StakePlaced,
    group: catalogueGroup,
    start: catalogueStart,
    once: true,
  })
  async onStakePlaced(
    event: TypedEvent<typeof Topics.StakePlaced>,
    tx: Transaction,
  ): Promise<void> {
    await this.sites.applyStakeTotals(tx, event.payload);
  }

  /** Keyed by URL: creates the site when the catalogue does not know it yet, and announces it. */
  @OnBusEvent({
    topic: Topics.SiteAnalyzed,
    group: catalogueGroup,
    start: catalogueStart,
    // Retrying cannot make the URL usable, and retrying would hold up the partition.
    check: unusableUrlProblem,
    once: true,
  })
  async onSiteAnalyzed(
    event: TypedEvent<typeof Topics.SiteAnalyzed>,
    tx: Transaction,
  ): Promise<AfterCommit | void> {
    const url = canonicalUrl(event.payload.url);
    const outcome = await this.sites.applyAnalysis(tx, url, domainOf(url), event.payload);
    if (!outcome?.announce) return;
    await this.outbox.write(tx, [siteIndexedEvent(outcome.site)]);
    return () => this.outbox.committed();
  }
}

function unusableUrlProblem(analysis: SiteAnalyzedV1): string | undefined {
  try {
    canonicalUrl(analysis.url);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidUrlError) return `url cannot be catalogued: ${error.message}`;
    throw error;
  }
}
