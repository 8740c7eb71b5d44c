import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import { analysisProcessedEvents, type Database } from '@frenly/db';
import {
  handleOnce,
  subscribeToEvents,
  type EventBus,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { SiteIdWaiter } from '../sites/site-id-waiter.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { tryCanonicalUrl } from '../urls/canonical-url.js';

/** search.site-indexed → analysis.site_refs (url → site id), once per event. */
@Injectable()
export class SiteIndexedConsumer implements OnModuleInit, OnApplicationShutdown {
  private subscription?: Subscription;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly siteRefs: SiteRefsRepository,
    private readonly waiter: SiteIdWaiter,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('SiteIndexedConsumer');
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeToEvents(this.bus, {
      group: this.settings.siteRefsGroup,
      fromBeginning: true,
      handlers: { [Topics.SiteIndexed]: (event) => this.handle(event) },
    });
  }

  async handle(event: TypedEvent<typeof Topics.SiteIndexed>): Promise<void> {
    const { siteId, url } = event.payload;
    const canonical = typeof url === 'string' ? tryCanonicalUrl(url) : undefined;
    if (!canonical || !Number.isSafeInteger(siteId) || siteId < 1) {
      // Retrying cannot fix a malformed event and would block its partition: log and skip.
      this.logger.entry('warn', 'skipping a malformed site-indexed event', { eventId: event.id });
      return;
    }
    await handleOnce(this.db, analysisProcessedEvents, this.settings.siteRefsGroup, event, (tx) =>
      this.siteRefs.learn(tx, canonical, event.payload),
    );
    this.waiter.learnt(canonical, siteId);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }
}
