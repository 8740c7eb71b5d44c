import type { ModuleRef } from '@nestjs/core';
import { AnalysisErrorCodes, type SiteIndexedV1 } from '@frenly/contracts';
import {
  INTERNAL_CALL_HEADER,
  REQUEST_ID_HEADER,
  currentRequestId,
  internalCallToken,
  type IdentityTokens,
  type JsonLogger,
} from '@frenly/platform';
import { AnalysisError } from '../analysis.errors.js';

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
  private next = 0;
  private readonly logger: JsonLogger;

  constructor(
    private readonly searchUrls: readonly string[],
    private readonly tokens: IdentityTokens,
    logger: JsonLogger,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {
    if (searchUrls.length === 0) throw new Error('HttpSiteCatalogue needs a search service URL');
    this.logger = logger.forContext('HttpSiteCatalogue');
  }

  async siteOf(site: SiteToCatalogue): Promise<SiteIndexedV1> {
    const start = this.next++ % this.searchUrls.length;
    let failure = 'no answer';
    for (let i = 0; i < this.searchUrls.length; i++) {
      const base = this.searchUrls[(start + i) % this.searchUrls.length]!;
      let response: Response;
      try {
        response = await fetch(new URL(SITE_IDS_PATH, base), {
          method: 'POST',
          headers: this.headers(),
          body: JSON.stringify({ url: site.url, title: site.title }),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        failure = `${base} unreachable: ${(error as Error).message}`;
        continue;
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok && isSiteIndexed(body)) return body;
      failure = `${base} answered ${response.status}`;
      break;
    }
    this.logger.entry('warn', 'the search catalogue gave no site id', {
      url: site.url,
      failure,
      requestId: currentRequestId(),
    });
    throw catalogueUnavailable();
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [INTERNAL_CALL_HEADER]: internalCallToken(this.tokens, 'analysis'),
    };
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    return headers;
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
