import type { ModuleRef } from '@nestjs/core';
import { AnalysisErrorCodes, type SiteIndexedV1 } from '@frenly/contracts';
import { currentRequestId, type IdentityTokens, type JsonLogger } from '@frenly/platform';
import { AnalysisError } from '../analysis.errors.js';
import { InternalRoute } from '../internal/internal-route.js';

/** What the analysis tells the catalogue of a URL it analysed. */
export interface SiteToCatalogue {
  readonly url: string;
  readonly title: string;
}

/**
 * The search service's catalogue, which owns site ids: the site of a URL, registered there when
 * new. The same URL always gets the same id. The answer carries what `search.site-indexed` does.
 */
export interface SiteCatalogue {
  siteOf(site: SiteToCatalogue): Promise<SiteIndexedV1>;
}

/** Injection token of the SiteCatalogue the runtime chose. */
export const SITE_CATALOGUE = Symbol('SITE_CATALOGUE');

/**
 * How the runtime reaches the catalogue: over HTTP in the distributed runtime
 * (HttpSiteCatalogue), in process when embedded (the search module's SiteIdsService, found
 * through `modules`).
 */
export type SiteCatalogueFactory = (modules: ModuleRef) => SiteCatalogue;

/** Path of search's internal route (services/search/src/site-ids). */
const SITE_IDS_PATH = '/internal/site-ids';
const TIMEOUT_MS = 5_000;

/**
 * The catalogue over search's internal route, authenticated as this service. Instances are
 * tried in turn from the next one each call; one that cannot be reached hands over to the
 * next. Anything but a well-formed answer is a 503: never an invented id.
 */
export class HttpSiteCatalogue implements SiteCatalogue {
  private readonly route: InternalRoute;
  private readonly logger: JsonLogger;

  constructor(
    searchUrls: readonly string[],
    tokens: IdentityTokens,
    logger: JsonLogger,
    timeoutMs = TIMEOUT_MS,
  ) {
    if (searchUrls.length === 0) throw new Error('HttpSiteCatalogue needs a search service URL');
    this.route = new InternalRoute(searchUrls, SITE_IDS_PATH, tokens, timeoutMs);
    this.logger = logger.forContext('HttpSiteCatalogue');
  }

  async siteOf(site: SiteToCatalogue): Promise<SiteIndexedV1> {
    const answer = await this.route.post({ url: site.url, title: site.title }, isSiteIndexed);
    if (answer.ok) return answer.value;
    this.logger.entry('warn', 'the search catalogue gave no site id', {
      url: site.url,
      failure: answer.failure,
      requestId: currentRequestId(),
    });
    throw catalogueUnavailable();
  }
}

function isSiteIndexed(body: unknown): body is SiteIndexedV1 {
  const site = body as Partial<SiteIndexedV1> | undefined;
  return (
    typeof site === 'object' &&
    site !== null &&
    Number.isSafeInteger(site.siteId) &&
    (site.siteId ?? 0) > 0 &&
    typeof site.url === 'string' &&
    typeof site.domain === 'string' &&
    typeof site.title === 'string' &&
    typeof site.indexedAt === 'string'
  );
}

function catalogueUnavailable(): AnalysisError {
  return new AnalysisError(
    AnalysisErrorCodes.SiteNotIndexed,
    'The site was analysed, but the search catalogue could not give it an id; try again shortly',
  );
}
