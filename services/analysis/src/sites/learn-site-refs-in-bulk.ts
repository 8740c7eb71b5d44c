import { type SiteIndexedV1, tryCanonicalUrl } from '@frenly/contracts';
import type { Database, Transaction } from '@frenly/db';
import { SiteRefsRepository } from './site-refs.repository.js';

/**
 * What the site-indexed consumer does for each event, for many sites in the caller's
 * transaction and without the bus (the embedded build applies the seed corpus this way).
 * Returns how many references were recorded; malformed payloads are skipped, as the consumer skips them.
 */
export async function learnSiteRefsInBulk(
  db: Database,
  tx: Transaction,
  sites: readonly SiteIndexedV1[],
): Promise<number> {
  const refs = new SiteRefsRepository(db);
  let learnt = 0;
  for (const site of sites) {
    const canonical = typeof site.url === 'string' ? tryCanonicalUrl(site.url) : undefined;
    if (!canonical || !Number.isSafeInteger(site.siteId) || site.siteId < 1) continue;
    await refs.learn(tx, canonical, site);
    learnt += 1;
  }
  return learnt;
}
