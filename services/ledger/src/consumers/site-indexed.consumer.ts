import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import { ledgerProcessedEvents, type Database } from '@frenly/db';
import {
  handleOnce,
  subscribeToEvents,
  type EventBus,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger } from '@frenly/platform';
import { LEDGER_SETTINGS, type LedgerSettings } from '../ledger.settings.js';
import { KnownSitesService, siteIndexedProblem } from '../sites/known-sites.service.js';

/** search.site-indexed → ledger.known_sites, once per event (the dedupe mark commits with the write). */
@Injectable()
export class SiteIndexedConsumer implements OnModuleInit, OnApplicationShutdown {
  private subscription?: Subscription;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(LEDGER_SETTINGS) private readonly settings: LedgerSettings,
    private readonly knownSites: KnownSitesService,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('SiteIndexedConsumer');
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeToEvents(this.bus, {
      group: this.settings.knownSitesGroup,
      fromBeginning: this.settings.knownSitesFromBeginning,
      handlers: { [Topics.SiteIndexed]: (event) => this.handle(event) },
    });
  }

  async handle(event: TypedEvent<typeof Topics.SiteIndexed>): Promise<void> {
    await handleOnce(
      this.db,
      ledgerProcessedEvents,
      this.settings.knownSitesGroup,
      event,
      async (tx) => {
        const problem = siteIndexedProblem(event.payload);
        if (problem) {
          // Retrying cannot fix a malformed event, and it would block its partition: record and skip it.
          this.logger.entry('warn', 'skipping a malformed site-indexed event', {
            eventId: event.id,
            problem,
          });
          return;
        }
        await this.knownSites.learn(tx, event.payload);
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }
}
