import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import type { Transaction } from '@frenly/db';
import type { TypedEvent } from '@frenly/events';
import { OnBusEvent } from '@frenly/platform';
import { LEDGER_SETTINGS, type LedgerSettings } from '../ledger.settings.js';
import { KnownSitesService, siteIndexedProblem } from '../sites/known-sites.service.js';

/** search.site-indexed → ledger.known_sites, once per event (the dedupe mark commits with the write). */
@Injectable()
export class SiteIndexedConsumer {
  constructor(
    @Inject(LEDGER_SETTINGS) private readonly settings: LedgerSettings,
    private readonly knownSites: KnownSitesService,
  ) {}

  @OnBusEvent({
    topic: Topics.SiteIndexed,
    group: (consumer: SiteIndexedConsumer) => consumer.settings.knownSitesGroup,
    start: (consumer: SiteIndexedConsumer) =>
      consumer.settings.knownSitesFromBeginning ? 'earliest' : 'newest',
    check: siteIndexedProblem,
    once: true,
  })
  async onSiteIndexed(
    event: TypedEvent<typeof Topics.SiteIndexed>,
    tx: Transaction,
  ): Promise<void> {
    await this.knownSites.learn(tx, event.payload);
  }
}
