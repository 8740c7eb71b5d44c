/**
 * Tunables of the search service, with defaults fit for the embedded runtime. The distributed
 * service reads some of them from its environment (search.config.ts); tests pass their own.
 */
export interface SearchSettings {
  /** Load the seed corpus at start (once per corpus version). */
  readonly seedOnStart: boolean;
  readonly ranking: {
    /** Matches (best static rank first) that the exact ranking looks at; also the deepest result reachable by paging. */
    readonly candidateLimit: number;
    /**
     * Page text is searched only when titles, domains, descriptions and tags match fewer sites
     * than this (its index is large: scanning it for common words is what costs).
     */
    readonly bodyTierBelow: number;
    /** Below this many results, unknown words are corrected / completed and the search runs again. */
    readonly correctBelow: number;
    /**
     * For a phrase, the page-text tier checks at most this many sites holding its words (in
     * table order, best static rank first) for the phrase itself: bounds its cost.
     */
    readonly bodyScanLimit: number;
    /**
     * A word on this share of a million documents or more is common: its best-ranked matches
     * are found by walking the rank index rather than through its GIN entries. The share
     * scales as one over the square root of the documents (docs/search-ranking.md, section 4).
     */
    readonly walkAboveShare: number;
  };
  /**
   * A search's statements are cancelled after this long (PostgreSQL's statement_timeout), and
   * the request gives up waiting a little later (PGlite cannot cancel a statement): either way
   * the client gets a 503 instead of a connection held until the pool runs dry.
   */
  readonly queryTimeoutMs: number;
  /**
   * Search statements run at once on PostgreSQL (the size of their connection pool; the rest
   * wait for a free connection); 0: as many as this machine has cores. A search statement is
   * CPU-bound: more of them at once than the database server has cores only time-slices them,
   * and each then costs more CPU (measured on 2 cores: 18 ms a search with 4 at once, 14.5 ms
   * with 2). Set it to the database server's cores when it runs on another machine.
   */
  readonly statementConcurrency: number;
  /** Kafka consumer group of the catalogue's event consumers (a benchmark's private copy uses its own). */
  readonly consumerGroup: string;
  /** A new consumer group first reads every retained event (a real catalogue), or only later ones (a throwaway copy). */
  readonly consumeFromBeginning: boolean;
  readonly trending: {
    /** Distinct visitors a query needs before it can trend. */
    readonly minVisitors: number;
    /** A visitor's search counts half as much after this long. */
    readonly halfLifeHours: number;
    /** Searches older than this no longer count (and are pruned). */
    readonly windowHours: number;
    readonly size: number;
    /** Longer queries do not trend (they make poor chips). */
    readonly maxQueryLength: number;
    /** How long one computed list is served. */
    readonly cacheSeconds: number;
  };
  readonly queryLog: {
    /** Searches are logged in batches: at most this long after the search… */
    readonly flushIntervalMs: number;
    /** …or as soon as this many are waiting. */
    readonly maxBatch: number;
  };
  /** Take the visitor's address from X-Forwarded-For (behind the gateway) instead of the socket. */
  readonly trustForwardedFor: boolean;
  /**
   * X-Forwarded-For entries, counted from the right, that proxies we trust appended: the
   * gateway's is one, each reverse proxy in front of the gateway adds one. The visitor is the
   * entry those proxies saw; entries further left are whatever the client claimed.
   */
  readonly forwardedHops: number;
  readonly crawl: CrawlSettings;
}

export interface CrawlSettings {
  readonly userAgent: string;
  /** host:port pairs the crawler may reach although not public (tests, local sites); see @frenly/safe-fetch. */
  readonly allowList: readonly string[];
  /** `FRENLY_RESOLVE` rules (HOST=ADDRESS:PORT): fixture webs on loopback, tests and benchmarks only. */
  readonly resolve: readonly string[];
  /** Pages fetched per crawl of one site (start URL, sitemap URLs and links). */
  readonly maxPages: number;
  /** Link hops from the start URL (sitemap URLs count as depth 1). */
  readonly maxDepth: number;
  /** Wait between two requests to one host when robots.txt names no Crawl-delay. */
  readonly defaultDelayMs: number;
  /** A Crawl-delay above this is honoured by crawling only the start page of the site. */
  readonly maxDelayMs: number;
  readonly pageTimeoutMs: number;
  readonly maxPageBytes: number;
  /** Characters of main text kept per page. */
  readonly maxTextChars: number;
  /** A crawled site is crawled again after this long. */
  readonly recrawlHours: number;
  /** How often the scheduler looks for sites due for a re-crawl (0 = never). */
  readonly scheduleIntervalMs: number;
  /** Crawl jobs this process runs at once. */
  readonly concurrency: number;
  /** Submissions one user may make per hour. */
  readonly submissionsPerHour: number;
  /**
   * The frontier runs by itself: due roots, demanded sites and uncrawled catalogue sites are
   * crawled (and handed to the analysis) without anyone asking (crawl-frontier.ts).
   */
  readonly auto: boolean;
  /** Sites the frontier starts per minute, at most (this process). */
  readonly sitesPerMinute: number;
  /** How often the frontier looks for due work. */
  readonly frontierIntervalMs: number;
  /** A claimed root whose crawl has not started after this long is due again (its job was lost). */
  readonly leaseMs: number;
  /** A site crawled this recently is not crawled again because a search showed it without insights. */
  readonly demandRetryMs: number;
  /** Crawls in a row, of as many hosts, that reach nothing before the web counts as unreachable. */
  readonly offlineAfterFailures: number;
  /** Offline: first wait before a probe crawl, doubled after each failed probe up to the maximum. */
  readonly offlineBackoffMs: number;
  readonly offlineMaxBackoffMs: number;
}

export const DEFAULT_SEARCH_SETTINGS: SearchSettings = {
  seedOnStart: true,
  ranking: {
    candidateLimit: 300,
    bodyTierBelow: 100,
    correctBelow: 3,
    bodyScanLimit: 2000,
    walkAboveShare: 0.02,
  },
  queryTimeoutMs: 3000,
  statementConcurrency: 0,
  consumerGroup: 'search.catalogue',
  consumeFromBeginning: true,
  trending: {
    minVisitors: 3,
    halfLifeHours: 24,
    windowHours: 7 * 24,
    size: 10,
    maxQueryLength: 60,
    cacheSeconds: 30,
  },
  queryLog: { flushIntervalMs: 250, maxBatch: 200 },
  trustForwardedFor: false,
  forwardedHops: 1,
  crawl: {
    userAgent: 'FrenlyBot/0.1 (+https://github.com/frenly/frenly; search crawler)',
    allowList: [],
    resolve: [],
    maxPages: 50,
    maxDepth: 2,
    defaultDelayMs: 1000,
    maxDelayMs: 30_000,
    pageTimeoutMs: 15_000,
    maxPageBytes: 2 * 1024 * 1024,
    maxTextChars: 20_000,
    recrawlHours: 7 * 24,
    scheduleIntervalMs: 5 * 60_000,
    concurrency: 16,
    submissionsPerHour: 20,
    auto: true,
    sitesPerMinute: 60,
    frontierIntervalMs: 1000,
    leaseMs: 15 * 60_000,
    demandRetryMs: 60 * 60_000,
    offlineAfterFailures: 5,
    offlineBackoffMs: 5_000,
    offlineMaxBackoffMs: 10 * 60_000,
  },
};

export type SearchSettingsOverrides = {
  readonly [K in keyof SearchSettings]?: SearchSettings[K] extends object
    ? Partial<SearchSettings[K]>
    : SearchSettings[K];
};

/** The defaults with `overrides` applied, one level deep. */
export function resolveSearchSettings(overrides: SearchSettingsOverrides = {}): SearchSettings {
  const d = DEFAULT_SEARCH_SETTINGS;
  return {
    seedOnStart: overrides.seedOnStart ?? d.seedOnStart,
    ranking: { ...d.ranking, ...overrides.ranking },
    queryTimeoutMs: overrides.queryTimeoutMs ?? d.queryTimeoutMs,
    statementConcurrency: overrides.statementConcurrency ?? d.statementConcurrency,
    consumerGroup: overrides.consumerGroup ?? d.consumerGroup,
    consumeFromBeginning: overrides.consumeFromBeginning ?? d.consumeFromBeginning,
    trending: { ...d.trending, ...overrides.trending },
    queryLog: { ...d.queryLog, ...overrides.queryLog },
    trustForwardedFor: overrides.trustForwardedFor ?? d.trustForwardedFor,
    forwardedHops: overrides.forwardedHops ?? d.forwardedHops,
    crawl: { ...d.crawl, ...overrides.crawl },
  };
}

/** Injection token of the resolved SearchSettings. */
export const SEARCH_SETTINGS = Symbol.for('frenly.search.settings');

/** Injection token of the clock (tests move time by hand). */
export const CLOCK = Symbol.for('frenly.search.clock');
export type Clock = () => Date;
