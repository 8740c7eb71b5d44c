// Service-to-service routes: guarded by InternalCallGuard (x-frenly-internal) and absent from
// the gateway's route table, so no outside caller reaches them. Distributed runtime only; the
// embedded runtime makes the same calls in process.
import type { SiteCommunityResponse } from './stake.js';

/** Path of the ledger's internal route: the community figures of several sites. */
export const INTERNAL_COMMUNITY_PATH = '/internal/community';
/** Most sites one `POST /internal/community` asks for. */
export const INTERNAL_COMMUNITY_MAX_SITES = 100;

/** Body of `POST /internal/community`: distinct positive site ids (1 to INTERNAL_COMMUNITY_MAX_SITES). */
export interface SitesCommunityRequest {
  siteIds: number[];
}

/**
 * Answer of `POST /internal/community`: what `GET /api/sites/{id}/community` answers, for each
 * asked site the ledger knows; a site it does not know yet is absent (nobody can have voted or
 * staked on it: the ledger refuses both for an unknown site).
 */
export interface SitesCommunityResponse {
  sites: SiteCommunityResponse[];
}
