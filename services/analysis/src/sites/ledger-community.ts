import type { ModuleRef } from '@nestjs/core';
import {
  INTERNAL_COMMUNITY_PATH,
  type SiteCommunityResponse,
  type SitesCommunityResponse,
} from '@frenly/contracts';
import { currentRequestId, type IdentityTokens, type JsonLogger } from '@frenly/platform';
import { InternalRoute } from '../internal/internal-route.js';

/**
 * The ledger's community figures (votes, bamboo staked, latest stakes), which the ledger alone
 * keeps: the analysis reads them there when it answers or scores, instead of projecting them.
 * A site the ledger does not know is absent from the answer. Rejects with
 * LedgerCommunityUnavailable when the ledger cannot be asked.
 */
export interface LedgerCommunity {
  forSites(siteIds: readonly number[]): Promise<SitesCommunityResponse>;
}

/** Injection token of the LedgerCommunity the runtime chose. */
export const LEDGER_COMMUNITY = Symbol('LEDGER_COMMUNITY');

/**
 * How the runtime reaches the ledger: over HTTP in the distributed runtime
 * (HttpLedgerCommunity), in process when embedded (the ledger module's CommunityService, found
 * through `modules`).
 */
export type LedgerCommunityFactory = (modules: ModuleRef) => LedgerCommunity;

/** The ledger gave no well-formed answer (unreachable, an error status, or a malformed body). */
export class LedgerCommunityUnavailable extends Error {
  constructor(readonly failure: string) {
    super(`the ledger gave no community figures: ${failure}`);
    this.name = 'LedgerCommunityUnavailable';
  }
}

/** Short: the figures are a part of an answer that is otherwise ready. */
const TIMEOUT_MS = 2_000;

/**
 * The ledger's figures over its internal route, authenticated as this service. Instances are
 * tried in turn from the next one each call; one that cannot be reached hands over to the next.
 */
export class HttpLedgerCommunity implements LedgerCommunity {
  private readonly route: InternalRoute;
  private readonly logger: JsonLogger;

  constructor(
    ledgerUrls: readonly string[],
    tokens: IdentityTokens,
    logger: JsonLogger,
    timeoutMs = TIMEOUT_MS,
  ) {
    if (ledgerUrls.length === 0) throw new Error('HttpLedgerCommunity needs a ledger service URL');
    this.route = new InternalRoute(ledgerUrls, INTERNAL_COMMUNITY_PATH, tokens, timeoutMs);
    this.logger = logger.forContext('HttpLedgerCommunity');
  }

  async forSites(siteIds: readonly number[]): Promise<SitesCommunityResponse> {
    const answer = await this.route.post({ siteIds }, isSitesCommunity);
    if (answer.ok) return answer.value;
    this.logger.entry('warn', 'the ledger gave no community figures', {
      siteIds,
      failure: answer.failure,
      requestId: currentRequestId(),
    });
    throw new LedgerCommunityUnavailable(answer.failure);
  }
}

const count = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

function isSitesCommunity(body: unknown): body is SitesCommunityResponse {
  const sites = (body as Partial<SitesCommunityResponse> | undefined)?.sites;
  return Array.isArray(sites) && sites.every(isSiteCommunity);
}

function isSiteCommunity(site: unknown): site is SiteCommunityResponse {
  const figures = site as Partial<SiteCommunityResponse> | null;
  return (
    typeof figures === 'object' &&
    figures !== null &&
    Number.isSafeInteger(figures.siteId) &&
    count(figures.upvotes) &&
    count(figures.downvotes) &&
    count(figures.totalStaked) &&
    count(figures.supportTotal) &&
    count(figures.concernTotal) &&
    Array.isArray(figures.recentStakes)
  );
}
