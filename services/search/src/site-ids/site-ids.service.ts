import { Inject, Injectable } from '@nestjs/common';
import { type SiteIndexedV1, canonicalUrl, domainOf, InvalidUrlError } from '@frenly/contracts';
import type { Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import type { OutboxWriter } from '../events/outbox-writer.js';
import { SearchOutbox } from '../events/search-outbox.js';
import { siteIndexedEvent } from '../events/site-indexed.event.js';
import { SearchError, SearchErrorCode } from '../search.errors.js';
import { SiteRepository } from '../sites/site.repository.js';

/**
 * Site ids on request, for the analysis service's answer to POST /api/sites/analyze: the
 * catalogue owns them, and the analysis answers with one at once instead of waiting for a
 * `search.site-indexed` to travel back. Asking again for the same URL gives the same id.
 */
@Injectable()
export class SiteIdsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly sites: SiteRepository,
    @Inject(SearchOutbox) private readonly outbox: OutboxWriter,
  ) {}

  /**
   * The site of `url`, registered when new (or promoted from an inner page), and then announced
   * as any new site is, in the same transaction. The answer is what that announcement carries.
   */
  async siteOf(request: { url: string; title: string }): Promise<SiteIndexedV1> {
    const url = canonical(request.url);
    let announced = false;
    const site = await this.db.transaction(async (tx) => {
      const outcome = await this.sites.registerSite(tx, url, domainOf(url), request.title);
      if (outcome.announce) {
        await this.outbox.write(tx, [siteIndexedEvent(outcome.site)]);
        announced = true;
      }
      return outcome.site;
    });
    if (announced) this.outbox.committed();
    return {
      siteId: site.id,
      url: site.url,
      domain: site.domain,
      title: site.title,
      indexedAt: site.indexedAt.toISOString(),
    };
  }
}

function canonical(input: string): string {
  try {
    return canonicalUrl(input);
  } catch (error) {
    if (error instanceof InvalidUrlError)
      throw new SearchError(SearchErrorCode.InvalidUrl, error.message);
    throw error;
  }
}
