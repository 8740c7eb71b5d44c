import type { SiteIndexedV1 } from '@frenly/contracts';
import type { Database, Transaction } from '@frenly/db';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { KnownSitesRepository } from './known-sites.repository.js';
import { KnownSitesService, siteIndexedProblem } from './known-sites.service.js';
import { SiteStatsRepository } from './site-stats.repository.js';

/**
 * What the site-indexed consumer does for each event, for many sites in the caller's
 * transaction and without the bus: the embedded build applies the seed corpus's events this
 * way, so a first start does not replay ~1,300 of them one transaction each. Returns how many
 * sites were learnt (malformed payloads are skipped, as the consumer skips them).
 */
export async function learnSitesInBulk(
  db: Database,
  tx: Transaction,
  sites: readonly SiteIndexedV1[],
): Promise<number> {
  const known = new KnownSitesService(
    new KnownSitesRepository(db),
    new SiteStatsRepository(db),
    new AccountsRepository(db),
  );
  let learnt = 0;
  for (const site of sites) {
    if (siteIndexedProblem(site)) continue;
    await known.learn(tx, site);
    learnt += 1;
  }
  return learnt;
}
