import { Topics } from '@frenly/contracts';
import { makeEvent, type TypedEvent } from '@frenly/events';
import type { IndexedSite } from '../sites/site.repository.js';

/** `search.site-indexed` for a site that entered the catalogue (or changed its title). Key: siteId. */
export function siteIndexedEvent(site: IndexedSite): TypedEvent<typeof Topics.SiteIndexed> {
  return makeEvent(Topics.SiteIndexed, site.id, {
    siteId: site.id,
    url: site.url,
    domain: site.domain,
    title: site.title,
    indexedAt: site.indexedAt.toISOString(),
  });
}
