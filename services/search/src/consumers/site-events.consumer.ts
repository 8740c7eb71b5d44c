import { Inject, Injectable } from '@nestjs/common';
import {
  Topics,
  type SiteAnalyzedV1,
  type StakePlacedV1,
  type VoteCastV1,
} from '@frenly/contracts';
import { searchProcessedEvents, type Database } from '@frenly/db';
import {
  handleOnce,
  subscribeToEvents,
  type EventBus,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger } from '@frenly/platform';
import { SearchOutbox } from '../events/search-outbox.js';
import { siteIndexedEvent } from '../events/site-indexed.event.js';
import { canonicalUrl, domainOf, InvalidUrlError } from '../sites/canonical-url.js';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { SiteRepository } from '../sites/site.repository.js';

/**
 * Keeps the catalogue's counts, totals, scores and analysisData current from other services'
 * events. Each event is handled once (handleOnce: the dedupe mark commits with the change),
 * and a ledger event carrying an older siteVersion than the one held changes nothing, so a
 * late or replayed event never moves a count back.
 */
@Injectable()
export class SiteEventsConsumer {
  private subscription?: Subscription;
  private readonly logger: JsonLogger;
  /** The consumer group of the catalogue's denormalised facts (votes, stakes, analyses); `search.catalogue` unless configured. */
  private readonly group: string;
  private readonly fromBeginning: boolean;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly sites: SiteRepository,
    private readonly outbox: SearchOutbox,
    logger: JsonLogger,
    @Inject(SEARCH_SETTINGS) settings: SearchSettings,
  ) {
    this.logger = logger.forContext('SiteEventsConsumer');
    this.group = settings.consumerGroup;
    this.fromBeginning = settings.consumeFromBeginning;
  }

  async start(): Promise<void> {
    this.subscription ??= await subscribeToEvents(this.bus, {
      group: this.group,
      fromBeginning: this.fromBeginning,
      handlers: {
        [Topics.VoteCast]: (event) => this.onVoteCast(event),
        [Topics.StakePlaced]: (event) => this.onStakePlaced(event),
        [Topics.SiteAnalyzed]: (event) => this.onSiteAnalyzed(event),
      },
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }

  async onVoteCast(event: TypedEvent<typeof Topics.VoteCast>): Promise<void> {
    const payload: VoteCastV1 = event.payload;
    await handleOnce(this.db, searchProcessedEvents, this.group, event, async (tx) => {
      await this.sites.applyVoteTotals(tx, payload);
    });
  }

  async onStakePlaced(event: TypedEvent<typeof Topics.StakePlaced>): Promise<void> {
    const payload: StakePlacedV1 = event.payload;
    await handleOnce(this.db, searchProcessedEvents, this.group, event, async (tx) => {
      await this.sites.applyStakeTotals(tx, payload);
    });
  }

  /** Keyed by URL: creates the site when the catalogue does not know it yet. */
  async onSiteAnalyzed(event: TypedEvent<typeof Topics.SiteAnalyzed>): Promise<void> {
    const payload: SiteAnalyzedV1 = event.payload;
    let url: string;
    try {
      url = canonicalUrl(payload.url);
    } catch (error) {
      // Retrying cannot make the URL valid, and retrying would hold up the partition.
      if (!(error instanceof InvalidUrlError)) throw error;
      this.logger.entry('warn', 'analysis of an unusable url ignored', {
        eventId: event.id,
        url: payload.url.slice(0, 200),
        reason: error.message,
      });
      return;
    }
    let announced = false;
    await handleOnce(this.db, searchProcessedEvents, this.group, event, async (tx) => {
      const outcome = await this.sites.applyAnalysis(tx, url, domainOf(url), payload);
      if (outcome?.announce) {
        await this.outbox.write(tx, [siteIndexedEvent(outcome.site)]);
        announced = true;
      }
    });
    if (announced) this.outbox.poke();
  }
}
