import {
  isSafeFetchError,
  SafeFetchErrorCode,
  type FetchOptions,
  type SafeFetchResponse,
} from '@frenly/safe-fetch';
import type { CrawlSettings } from '../config/search.settings.js';
import {
  canonicalUrl,
  domainOf,
  InvalidUrlError,
  originOf,
  tryCanonicalUrl,
} from '@frenly/contracts';
import type { CrawledPageEntry } from '../sites/site.repository.js';
import { CrawlError, CrawlErrorCode } from './crawl-error.js';
import { extractPage } from './extract-page.js';
import type { HostPoliteness } from './host-politeness.js';
import {
  ALLOW_ALL,
  DISALLOW_ALL,
  MAX_ROBOTS_BYTES,
  parseRobots,
  type RobotsRules,
} from './robots.js';
import { parseSitemap } from './sitemap.js';

/** What the crawler needs of the safe fetcher. */
export interface PageFetcher {
  fetch(url: string, options?: FetchOptions): Promise<SafeFetchResponse>;
}

/** A page as fetched, for the HTML tier of the analysis (so it is not fetched twice). */
export interface FetchedPage {
  readonly finalUrl: string;
  readonly status: number;
  readonly headers: SafeFetchResponse['headers'];
  readonly html: string;
  readonly tls: boolean;
  readonly certificateValid: boolean;
  readonly redirects: number;
  readonly bytes: number;
  readonly fetchedAt: Date;
}

/**
 * Where crawled pages go, with the response they came from and the site they belong to (the
 * crawl root's site; undefined for the root itself, or when the root was not indexed); returns
 * the catalogue id of the page's site.
 */
export type PageSink = (
  page: CrawledPageEntry,
  fetched: FetchedPage,
  siteId: number | undefined,
) => Promise<number>;

/** Fetch failures that say the host was never reached (no name, no connection, no answer). */
const NOT_REACHED: ReadonlySet<SafeFetchErrorCode> = new Set([
  SafeFetchErrorCode.DnsFailed,
  SafeFetchErrorCode.ConnectionFailed,
  SafeFetchErrorCode.Timeout,
]);

export interface CrawlReport {
  readonly startUrl: string;
  /** Catalogue id of the start page's site (or of the page it is a duplicate of), when indexed. */
  readonly rootSiteId: number | undefined;
  /** Canonical URLs indexed, in crawl order. */
  readonly indexed: string[];
  /** Pages not indexed, and why (robots, duplicate, http 404, not html, fetch error code…). */
  readonly skipped: Array<{ url: string; reason: string }>;
  /** Requests made (robots.txt and sitemaps included). */
  readonly requests: number;
  readonly delayMs: number;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';
const MAX_SITEMAP_FETCHES = 5;

interface QueuedPage {
  readonly url: string;
  readonly depth: number;
}

/**
 * Crawls one site (one origin) from a start URL: robots.txt first (Disallow and Crawl-delay
 * honoured; unreachable or 5xx means no crawl), then the sitemap, then pages breadth-first
 * within `maxDepth` link hops and `maxPages` page fetches, one request per host at a time
 * spaced by the crawl delay. URLs are canonicalised (and <link rel=canonical> followed on the
 * same origin) so a page reached several ways is indexed once. Every request goes through the
 * safe fetcher, which refuses non-public addresses, on redirects too.
 */
export class SiteCrawler {
  private readonly productToken: string;

  constructor(
    private readonly fetcher: PageFetcher,
    private readonly politeness: HostPoliteness,
    private readonly settings: CrawlSettings,
  ) {
    this.productToken = settings.userAgent.split(/[\s/]/)[0] ?? 'FrenlyBot';
  }

  async crawl(startInput: string, sink: PageSink, signal?: AbortSignal): Promise<CrawlReport> {
    let start: string;
    try {
      start = canonicalUrl(startInput);
    } catch (error) {
      if (error instanceof InvalidUrlError)
        throw new CrawlError(CrawlErrorCode.InvalidUrl, error.message);
      throw error;
    }
    const run = new CrawlRun(start, this, sink, signal);
    return run.execute();
  }

  /** @internal used by CrawlRun */
  async request(
    url: string,
    options: FetchOptions,
    delayMs: number,
    signal?: AbortSignal,
  ): Promise<SafeFetchResponse> {
    await this.politeness.wait(new URL(url).host, delayMs, signal);
    return this.fetcher.fetch(url, { ...options, signal, timeoutMs: this.settings.pageTimeoutMs });
  }

  get limits(): CrawlSettings {
    return this.settings;
  }

  get token(): string {
    return this.productToken;
  }
}

/** The state of one crawl. */
class CrawlRun {
  private readonly origin: string;
  private readonly seen = new Set<string>();
  private readonly indexedUrls = new Map<string, number>();
  private readonly queue: QueuedPage[] = [];
  private readonly report: {
    indexed: string[];
    skipped: Array<{ url: string; reason: string }>;
    requests: number;
  };
  private robots: RobotsRules = ALLOW_ALL;
  private delayMs: number;
  private rootSiteId: number | undefined;

  constructor(
    private readonly start: string,
    private readonly crawler: SiteCrawler,
    private readonly sink: PageSink,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.origin = originOf(start);
    this.delayMs = crawler.limits.defaultDelayMs;
    this.report = { indexed: [], skipped: [], requests: 0 };
  }

  async execute(): Promise<CrawlReport> {
    const limits = this.crawler.limits;
    this.robots = await this.loadRobots();
    this.delayMs = this.robots.crawlDelayMs ?? limits.defaultDelayMs;
    if (this.delayMs > limits.maxDelayMs) {
      throw new CrawlError(
        CrawlErrorCode.CrawlDelayTooLong,
        `robots.txt asks for ${this.delayMs / 1000} s between requests; at most ${limits.maxDelayMs / 1000} s is supported`,
      );
    }
    if (!this.robots.isAllowed(pathOf(this.start)))
      throw new CrawlError(CrawlErrorCode.DisallowedByRobots, `robots.txt disallows ${this.start}`);
    this.enqueue(this.start, 0);
    if (limits.maxDepth >= 1) await this.readSitemaps();

    let fetched = 0;
    while (this.queue.length > 0 && fetched < limits.maxPages) {
      this.signal?.throwIfAborted();
      const next = this.queue.shift() as QueuedPage;
      if (!this.robots.isAllowed(pathOf(next.url))) {
        this.skip(next.url, 'disallowed by robots.txt');
        continue;
      }
      fetched += 1;
      await this.visit(next);
    }
    return {
      startUrl: this.start,
      rootSiteId: this.rootSiteId,
      ...this.report,
      delayMs: this.delayMs,
    };
  }

  private async visit(page: QueuedPage): Promise<void> {
    const limits = this.crawler.limits;
    let response: SafeFetchResponse;
    try {
      response = await this.fetch(page.url, {
        accept: PAGE_ACCEPT,
        maxBodyBytes: limits.maxPageBytes,
      });
    } catch (error) {
      if (!isSafeFetchError(error)) throw error;
      if (page.url === this.start && error.code === SafeFetchErrorCode.BlockedAddress)
        throw new CrawlError(CrawlErrorCode.Refused, error.message);
      this.skip(page.url, error.code);
      return;
    }
    if (response.status >= 400) return this.skip(page.url, `http ${response.status}`);
    const finalUrl = tryCanonicalUrl(response.finalUrl);
    if (!finalUrl || originOf(finalUrl) !== this.origin)
      return this.skip(page.url, 'redirected off the site');
    if (finalUrl !== page.url) {
      if (this.seen.has(finalUrl) && this.indexedUrls.has(finalUrl))
        return this.noteDuplicate(page.url, finalUrl);
      this.seen.add(finalUrl);
    }
    if (!response.contentType || !HTML_TYPES.has(response.contentType))
      return this.skip(page.url, `not html (${response.contentType ?? 'no type'})`);

    const html = response.text();
    const extracted = extractPage(html, finalUrl, {
      maxTextChars: limits.maxTextChars,
      robotsName: this.crawler.token,
    });
    const canonical = extracted.canonical ? tryCanonicalUrl(extracted.canonical) : undefined;
    const key = canonical && originOf(canonical) === this.origin ? canonical : finalUrl;
    this.seen.add(key);

    if (extracted.noindex) this.skip(page.url, 'noindex');
    else if (this.indexedUrls.has(key)) this.noteDuplicate(page.url, key);
    else {
      const siteId = await this.sink(
        {
          url: key,
          domain: domainOf(key),
          title:
            extracted.title ||
            `${domainOf(key)}${new URL(key).pathname === '/' ? '' : new URL(key).pathname}`,
          description: extracted.description,
          pageText: extracted.text,
          language: extracted.language,
        },
        fetchedPageOf(response, html),
        page.url === this.start ? undefined : this.rootSiteId,
      );
      this.indexedUrls.set(key, siteId);
      this.report.indexed.push(key);
      if (page.url === this.start) this.rootSiteId = siteId;
    }

    if (extracted.nofollow || page.depth >= limits.maxDepth) return;
    for (const link of extracted.links) this.enqueue(link, page.depth + 1);
  }

  private noteDuplicate(url: string, of: string): void {
    if (url === this.start) this.rootSiteId = this.indexedUrls.get(of);
    this.skip(url, `duplicate of ${of}`);
  }

  private enqueue(url: string, depth: number): void {
    const canonical = tryCanonicalUrl(url);
    if (!canonical || originOf(canonical) !== this.origin || this.seen.has(canonical)) return;
    // Bounded: more than a few times the page budget is never fetched anyway.
    if (this.queue.length >= this.crawler.limits.maxPages * 4) return;
    this.seen.add(canonical);
    this.queue.push({ url: canonical, depth });
  }

  /** robots.txt: 2xx parsed, 4xx = no rules, 5xx or unreachable = no crawl this time. */
  private async loadRobots(): Promise<RobotsRules> {
    const url = `${this.origin}/robots.txt`;
    try {
      const response = await this.fetch(url, {
        accept: 'text/plain,*/*;q=0.1',
        maxBodyBytes: MAX_ROBOTS_BYTES,
      });
      if (response.status >= 500) return DISALLOW_ALL;
      if (response.status >= 400) return ALLOW_ALL;
      return parseRobots(response.text(), this.crawler.token);
    } catch (error) {
      if (!isSafeFetchError(error)) throw error;
      if (
        error.code === SafeFetchErrorCode.BlockedAddress ||
        error.code === SafeFetchErrorCode.InvalidUrl ||
        error.code === SafeFetchErrorCode.UnsupportedProtocol
      ) {
        throw new CrawlError(CrawlErrorCode.Refused, error.message);
      }
      if (error.code === SafeFetchErrorCode.BodyTooLarge) return ALLOW_ALL;
      // Told apart from a refusal: the frontier counts these to notice that the web is out of reach.
      if (NOT_REACHED.has(error.code))
        throw new CrawlError(
          CrawlErrorCode.Unreachable,
          `${this.origin} could not be reached: ${error.message}`,
        );
      return DISALLOW_ALL;
    }
  }

  /** Sitemap URLs (robots.txt's, else /sitemap.xml) of this origin join the queue at depth 1. */
  private async readSitemaps(): Promise<void> {
    const pending =
      this.robots.sitemaps.length > 0 ? [...this.robots.sitemaps] : [`${this.origin}/sitemap.xml`];
    const visited = new Set<string>();
    let fetches = 0;
    while (pending.length > 0 && fetches < MAX_SITEMAP_FETCHES) {
      const url = tryCanonicalUrl(pending.shift() as string);
      if (
        !url ||
        visited.has(url) ||
        originOf(url) !== this.origin ||
        !this.robots.isAllowed(pathOf(url))
      )
        continue;
      visited.add(url);
      fetches += 1;
      try {
        const response = await this.fetch(url, {
          accept: 'application/xml,text/xml;q=0.9,*/*;q=0.1',
          maxBodyBytes: this.crawler.limits.maxPageBytes,
        });
        if (response.status >= 400) continue;
        const sitemap = parseSitemap(response.text());
        pending.push(...sitemap.sitemaps);
        for (const page of sitemap.pages) this.enqueue(page, 1);
      } catch (error) {
        if (!isSafeFetchError(error)) throw error;
        this.skip(url, error.code);
      }
    }
  }

  private async fetch(url: string, options: FetchOptions): Promise<SafeFetchResponse> {
    this.report.requests += 1;
    return this.crawler.request(url, options, this.delayMs, this.signal);
  }

  private skip(url: string, reason: string): void {
    this.report.skipped.push({ url, reason });
  }
}

function fetchedPageOf(response: SafeFetchResponse, html: string): FetchedPage {
  return {
    finalUrl: response.finalUrl,
    status: response.status,
    headers: response.headers,
    html,
    tls: response.tls,
    certificateValid: response.certificateValid,
    redirects: response.redirects.length,
    bytes: response.body.length,
    fetchedAt: new Date(),
  };
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
