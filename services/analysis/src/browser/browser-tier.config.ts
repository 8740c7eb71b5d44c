import { env, type ConfigOf } from '@frenly/config';

/** Defaults of the browser tier; each one can be changed through the variables below. */
export const BROWSER_TIER_DEFAULTS = {
  poolSize: 1,
  pageBudgetMs: 15_000,
  maxTransferBytes: 30 * 1024 * 1024,
  // A visit keeps one of 2 cores busy for ~6 s: 4 a minute leaves most of a one-browser pool
  // to the people who ask for analyses.
  crawledSitesPerMinute: 4,
} as const;

/**
 * The browser tier's own variables, to spread into `analysisSettingsVars` (and so into every
 * runtime that analyses). Its address policy comes from the variables the safe fetcher already
 * reads, FRENLY_FETCH_ALLOWLIST and FRENLY_RESOLVE: a fixture web reached by one is reached by all.
 */
export const browserTierVars = {
  FRENLY_CHROMIUM_PATH: env.optionalString(
    "Chromium executable of the analyzer's browser tier; unset = found automatically (/usr/bin/chromium, chromium-browser, google-chrome); none found = the HTML tier runs alone and the report says what was not checked",
  ),
  BROWSER_POOL_SIZE: env.int(
    'Chromium processes one analysis worker keeps for the browser tier (one page at a time each); 0 = browser tier off',
    {
      default: BROWSER_TIER_DEFAULTS.poolSize,
      min: 0,
      max: 8,
    },
  ),
  BROWSER_PAGE_BUDGET_MS: env.int(
    'Hard time budget of one page in the browser tier (load, settle, record); past it the page is closed and what was seen is kept',
    {
      default: BROWSER_TIER_DEFAULTS.pageBudgetMs,
      min: 1_000,
      max: 120_000,
    },
  ),
  BROWSER_CRAWL_SITES_PER_MINUTE: env.int(
    'Sites found by the crawler that the browser tier visits per minute (all analysis processes together), always after the visits people asked for; 0 = crawled sites get the HTML tier only',
    {
      default: BROWSER_TIER_DEFAULTS.crawledSitesPerMinute,
      min: 0,
      max: 600,
    },
  ),
};

export type BrowserTierConfig = ConfigOf<typeof browserTierVars>;
