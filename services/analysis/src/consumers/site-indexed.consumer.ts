import { Inject, Injectable } from '@nestjs/common';
import { Topics, type SiteIndexedV1, tryCanonicalUrl } from '@frenly/contracts';
import type { Transaction } from '@frenly/db';
import type { TypedEvent } from '@frenly/events';
import { OnBusEvent } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';

/** search.site-indexed → analysis.site_refs (url → site id), once per event. */
@Injectable()
export class SiteIndexedConsumer {
  constructor(
    @Inject(ANALYSIS_SETTINGS) readonly settings: AnalysisSettings,
    private readonly siteRefs: SiteRefsRepository,
  ) {}

  @OnBusEvent({
    topic: Topics.SiteIndexed,
    group: (consumer: SiteIndexedConsumer) => consumer.settings.siteRefsGroup,
    check: siteRefProblem,
    once: true,
  })
  async onSiteIndexed(
    event: TypedEvent<typeof Topics.SiteIndexed>,
    tx: Transaction,
  ): Promise<void> {
    await this.siteRefs.learn(tx, tryCanonicalUrl(event.payload.url)!, event.payload);
  }
}

function siteRefProblem(site: SiteIndexedV1): string | undefined {
  if (!tryCanonicalUrl(site.url)) return 'url is not a canonical http(s) URL';
  if (!Number.isSafeInteger(site.siteId) || site.siteId < 1)
    return 'siteId must be a positive integer';
  return undefined;
}
