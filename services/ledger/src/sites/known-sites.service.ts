import { Injectable } from '@nestjs/common';
import type { SiteIndexedV1 } from '@frenly/contracts';
import type { Transaction } from '@frenly/db';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { KnownSitesRepository } from './known-sites.repository.js';
import { SiteStatsRepository } from './site-stats.repository.js';

// Sites are never forgotten, so a positive answer can be remembered; the bound keeps memory flat.
const REMEMBERED_SITES_MAX = 200_000;

/** What the ledger knows of the catalogue: site ids (and domains) learnt from the search service. */
@Injectable()
export class KnownSitesService {
  private readonly known = new Set<number>();

  constructor(
    private readonly sites: KnownSitesRepository,
    private readonly stats: SiteStatsRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  /** Records a site (or its newer data) with its zeroed counters and its stake pool, in the caller's transaction. */
  async learn(tx: Transaction, site: SiteIndexedV1): Promise<void> {
    await this.sites.upsert(tx, {
      siteId: site.siteId,
      url: site.url,
      domain: site.domain.toLowerCase(),
      title: site.title,
      indexedAt: new Date(site.indexedAt),
    });
    await this.stats.create(tx, site.siteId);
    await this.accounts.createSitePool(tx, site.siteId);
  }

  async isKnown(siteId: number): Promise<boolean> {
    if (this.known.has(siteId)) return true;
    const exists = await this.sites.exists(siteId);
    if (exists) {
      if (this.known.size >= REMEMBERED_SITES_MAX) this.known.clear();
      this.known.add(siteId);
    }
    return exists;
  }
}

/** Why a site-indexed payload cannot be recorded; undefined when it can. */
export function siteIndexedProblem(
  payload: Partial<SiteIndexedV1> | null | undefined,
): string | undefined {
  if (!payload || typeof payload !== 'object') return 'payload is not an object';
  if (
    !Number.isSafeInteger(payload.siteId) ||
    (payload.siteId ?? 0) < 1 ||
    (payload.siteId ?? 0) > 2_147_483_647
  ) {
    return 'siteId must be a positive 32-bit integer';
  }
  if (typeof payload.domain !== 'string' || payload.domain === '')
    return 'domain must be a non-empty string';
  if (typeof payload.url !== 'string') return 'url must be a string';
  if (typeof payload.title !== 'string') return 'title must be a string';
  if (typeof payload.indexedAt !== 'string' || Number.isNaN(Date.parse(payload.indexedAt)))
    return 'indexedAt must be an ISO timestamp';
  return undefined;
}
