import { commonVars, env, type ConfigOf } from '@frenly/config';
import { distributedVars } from '@frenly/platform';
import { fetchAllowListVar, fetchResolveVar } from '@frenly/safe-fetch';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettingsOverrides } from './search.settings.js';

const d = DEFAULT_SEARCH_SETTINGS;

/**
 * The search service's own tunables. A runtime that mounts SearchModule (the embedded one
 * too) may spread these into its spec and pass `searchSettingsFrom(config)` to forRoot.
 */
export const searchSettingsVars = {
  FRENLY_FETCH_ALLOWLIST: fetchAllowListVar,
  FRENLY_RESOLVE: fetchResolveVar,
  SEARCH_SEED: env.bool('Load the seed corpus at start (once per corpus version)', d.seedOnStart),
  SEARCH_CANDIDATE_LIMIT: env.int(
    'Matches (best static rank first) the exact ranking looks at per query; also the deepest result reachable by paging',
    {
      default: d.ranking.candidateLimit,
      min: 50,
      max: 100_000,
    },
  ),
  SEARCH_BODY_TIER_BELOW: env.int(
    'Page text is searched only when titles, domains, descriptions and tags match fewer sites than this',
    {
      default: d.ranking.bodyTierBelow,
      min: 1,
      max: 100_000,
    },
  ),
  SEARCH_BODY_SCAN_LIMIT: env.int(
    'For a phrase, the page-text tier checks at most this many sites holding its words (best static rank first)',
    {
      default: d.ranking.bodyScanLimit,
      min: 100,
      max: 1_000_000,
    },
  ),
  SEARCH_QUERY_TIMEOUT_MS: env.int(
    'A search statement is cancelled after this many milliseconds and the request answers 503',
    {
      default: d.queryTimeoutMs,
      min: 100,
      max: 600_000,
    },
  ),
  SEARCH_STATEMENT_CONCURRENCY: env.int(
    'Search statements run at once on PostgreSQL (the rest wait for a connection); 0: as many as this machine has cores. Set it to the database server cores when it runs elsewhere',
    {
      default: d.statementConcurrency,
      min: 0,
      max: 1000,
    },
  ),
  SEARCH_TRENDING_MIN_VISITORS: env.int('Distinct visitors a query needs before it trends', {
    default: d.trending.minVisitors,
    min: 1,
    max: 1000,
  }),
  SEARCH_TRENDING_HALF_LIFE_HOURS: env.int(
    'Hours after which a search counts half as much for trending',
    { default: d.trending.halfLifeHours, min: 1, max: 24 * 90 },
  ),
  SEARCH_CRAWL_MAX_PAGES: env.int('Pages fetched per crawl of one site', {
    default: d.crawl.maxPages,
    min: 1,
    max: 10_000,
  }),
  SEARCH_CRAWL_MAX_DEPTH: env.int('Link hops the crawler follows from a start URL', {
    default: d.crawl.maxDepth,
    min: 0,
    max: 10,
  }),
  SEARCH_RECRAWL_HOURS: env.int('Hours before a crawled site is crawled again', {
    default: d.crawl.recrawlHours,
    min: 1,
    max: 24 * 365,
  }),
  SEARCH_AUTO_CRAWL: env.bool(
    'The crawler runs by itself: uncrawled catalogue sites, sites shown without insights and due re-crawls are crawled and analysed (HTML tier) without anyone asking',
    d.crawl.auto,
  ),
  SEARCH_CRAWL_SITES_PER_MINUTE: env.int(
    'Sites the crawler starts per minute at most (per search process); each is analysed from the page it fetched',
    {
      default: d.crawl.sitesPerMinute,
      min: 1,
      max: 100_000,
    },
  ),
  SEARCH_CRAWL_CONCURRENCY: env.int(
    'Site crawls one search process runs at once (mostly waiting: one request per host per crawl delay)',
    {
      default: d.crawl.concurrency,
      min: 1,
      max: 1000,
    },
  ),
};

/** The search service on its own (distributed mode). */
export const searchConfigSpec = {
  NODE_ENV: commonVars.NODE_ENV,
  LOG_LEVEL: commonVars.LOG_LEVEL,
  DATABASE_URL: distributedVars.DATABASE_URL,
  FRENLY_DATA_DIR: commonVars.FRENLY_DATA_DIR,
  REDIS_URL: distributedVars.REDIS_URL,
  JOBS_PREFIX: commonVars.JOBS_PREFIX,
  KAFKA_BROKERS: distributedVars.KAFKA_BROKERS,
  FRENLY_IDENTITY_SECRET: distributedVars.FRENLY_IDENTITY_SECRET,
  KAFKA_CLIENT_ID: commonVars.KAFKA_CLIENT_ID,
  KAFKA_NAMESPACE: commonVars.KAFKA_NAMESPACE,
  PORT: env.port('HTTP port of the search service', 3001),
  HOST: env.string('Network interface to listen on', { default: '0.0.0.0' }),
  SEARCH_TRUST_FORWARDED_FOR: env.bool(
    'Take the visitor address (its network counts for trending) from X-Forwarded-For, as set by the gateway',
    true,
  ),
  SEARCH_FORWARDED_HOPS: env.int(
    'X-Forwarded-For entries, from the right, added by trusted proxies: 1 = the gateway only; add one per reverse proxy in front of the gateway (an ingress: 2)',
    {
      default: d.forwardedHops,
      min: 1,
      max: 10,
    },
  ),
  SEARCH_CONSUMER_GROUP: env.string(
    'Kafka consumer group of the catalogue event consumers (votes, stakes, analyses); a private copy of the catalogue (a benchmark) needs its own',
    {
      default: d.consumerGroup,
    },
  ),
  SEARCH_CONSUME_FROM_BEGINNING: env.bool(
    'A new consumer group first reads every retained event; false reads only events published after it joined (a throwaway copy of the catalogue)',
    d.consumeFromBeginning,
  ),
  ...searchSettingsVars,
};

export type SearchConfig = ConfigOf<typeof searchConfigSpec>;
export type SearchSettingsConfig = ConfigOf<typeof searchSettingsVars>;

/** Settings overrides from the validated variables. */
export function searchSettingsFrom(
  config: SearchSettingsConfig & {
    SEARCH_TRUST_FORWARDED_FOR?: boolean;
    SEARCH_FORWARDED_HOPS?: number;
    SEARCH_CONSUMER_GROUP?: string;
    SEARCH_CONSUME_FROM_BEGINNING?: boolean;
  },
): SearchSettingsOverrides {
  return {
    seedOnStart: config.SEARCH_SEED,
    ranking: {
      candidateLimit: config.SEARCH_CANDIDATE_LIMIT,
      bodyTierBelow: config.SEARCH_BODY_TIER_BELOW,
      bodyScanLimit: config.SEARCH_BODY_SCAN_LIMIT,
    },
    queryTimeoutMs: config.SEARCH_QUERY_TIMEOUT_MS,
    statementConcurrency: config.SEARCH_STATEMENT_CONCURRENCY,
    trending: {
      minVisitors: config.SEARCH_TRENDING_MIN_VISITORS,
      halfLifeHours: config.SEARCH_TRENDING_HALF_LIFE_HOURS,
    },
    crawl: {
      allowList: config.FRENLY_FETCH_ALLOWLIST,
      resolve: config.FRENLY_RESOLVE,
      maxPages: config.SEARCH_CRAWL_MAX_PAGES,
      maxDepth: config.SEARCH_CRAWL_MAX_DEPTH,
      recrawlHours: config.SEARCH_RECRAWL_HOURS,
      auto: config.SEARCH_AUTO_CRAWL,
      sitesPerMinute: config.SEARCH_CRAWL_SITES_PER_MINUTE,
      concurrency: config.SEARCH_CRAWL_CONCURRENCY,
    },
    ...(config.SEARCH_TRUST_FORWARDED_FOR === undefined
      ? {}
      : { trustForwardedFor: config.SEARCH_TRUST_FORWARDED_FOR }),
    ...(config.SEARCH_FORWARDED_HOPS === undefined
      ? {}
      : { forwardedHops: config.SEARCH_FORWARDED_HOPS }),
    ...(config.SEARCH_CONSUMER_GROUP === undefined
      ? {}
      : { consumerGroup: config.SEARCH_CONSUMER_GROUP }),
    ...(config.SEARCH_CONSUME_FROM_BEGINNING === undefined
      ? {}
      : { consumeFromBeginning: config.SEARCH_CONSUME_FROM_BEGINNING }),
  };
}
