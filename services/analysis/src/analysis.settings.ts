import type { Resolver } from '@frenly/safe-fetch';
import { BROWSER_TIER_DEFAULTS } from './browser/browser-tier.config.js';

/** An OpenAI-compatible chat-completions endpoint (api.openai.com, a local server…). */
export interface LlmSettings {
  readonly apiKey: string;
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:8080/v1; the SDK's default when undefined. */
  readonly baseUrl: string | undefined;
  readonly model: string;
  /** Bound on one LLM call; past it the heuristic result stands. */
  readonly timeoutMs: number;
}

/** The browser tier (services/analysis/src/browser): where Chromium is, how many, how long. */
export interface BrowserTierSettings {
  /** FRENLY_CHROMIUM_PATH; undefined = found automatically among the usual install paths. */
  readonly chromiumPath: string | undefined;
  /** Chromium processes (one page at a time each) = browser-tier jobs this process runs at once; 0 = off. */
  readonly poolSize: number;
  /** Hard budget of one page; the homepage and the inner page share twice this (60 % / the rest). */
  readonly pageBudgetMs: number;
  /** Tests only: accept the fixture web's self-signed certificates. */
  readonly ignoreHttpsErrors?: boolean;
}

/** Tunables of the analysis module; every field has a production default. */
export interface AnalysisSettings {
  /** A completed analysis younger than this is served from the database instead of fetched again. */
  readonly cacheTtlMs: number;
  /** A failed analysis (refused URL, unreachable site) is answered again without refetching for this long. */
  readonly failureTtlMs: number;
  /** How long the analyze request waits for its job. */
  readonly waitTimeoutMs: number;
  /** Time limit of one analysis job attempt (fetch + pipeline + LLM). */
  readonly jobTimeoutMs: number;
  /** Jobs this process runs at once. */
  readonly concurrency: number;
  /** Analyses one user may have in flight (queued or running) at once; more are refused (429). */
  readonly maxAnalysesPerUser: number;
  /**
   * Analyses of one user, and of one host, that run at once across all workers: below the
   * concurrency, so that one account or one slow site never holds every worker.
   */
  readonly maxRunningPerUser: number;
  readonly maxRunningPerHost: number;
  /** `FRENLY_FETCH_ALLOWLIST`: host:port pairs the fetcher may reach although not public. */
  readonly fetchAllowList: readonly string[];
  /** `FRENLY_RESOLVE`: HOST=ADDRESS:PORT rules for fixture webs on loopback (tests and benchmarks only). */
  readonly fetchResolve: readonly string[];
  /** Total time budget of one page fetch (redirects included). */
  readonly fetchTimeoutMs: number;
  readonly fetchMaxBytes: number;
  /** Tests only: a static resolver and an extra trusted CA for loopback fixture sites. */
  readonly fetchResolver: Resolver | undefined;
  readonly fetchCa: string | undefined;
  /** null: no LLM; the heuristic engine writes everything. */
  readonly llm: LlmSettings | null;
  /**
   * Off (pool 0) unless the runtime's configuration turns it on: BROWSER_POOL_SIZE defaults to 1,
   * so both runtimes run it where Chromium is installed; tests that do not need it stay fast.
   */
  readonly browser: BrowserTierSettings;
  /**
   * Sites found by the crawler that the browser tier visits per minute, across every analysis
   * process (crawled-browser-visits.ts); 0 = none. Nothing is visited while `browser` is off.
   */
  readonly crawledBrowserSitesPerMinute: number;
  /** Consumer group of search.site-indexed (tests use unique ones). */
  readonly siteRefsGroup: string;
  readonly relayPollIntervalMs: number;
  readonly relayDrainTimeoutMs: number;
}

export const DEFAULT_ANALYSIS_SETTINGS: AnalysisSettings = {
  cacheTtlMs: 6 * 60 * 60 * 1000,
  failureTtlMs: 60 * 1000,
  waitTimeoutMs: 25_000,
  jobTimeoutMs: 20_000,
  concurrency: 2,
  maxAnalysesPerUser: 3,
  maxRunningPerUser: 1,
  maxRunningPerHost: 1,
  fetchAllowList: [],
  fetchResolve: [],
  fetchTimeoutMs: 10_000,
  fetchMaxBytes: 5 * 1024 * 1024,
  fetchResolver: undefined,
  fetchCa: undefined,
  llm: null,
  browser: { chromiumPath: undefined, poolSize: 0, pageBudgetMs: 15_000 },
  crawledBrowserSitesPerMinute: BROWSER_TIER_DEFAULTS.crawledSitesPerMinute,
  siteRefsGroup: 'analysis.site-refs',
  relayPollIntervalMs: 1_000,
  relayDrainTimeoutMs: 3_000,
};

/** Injection token of the resolved AnalysisSettings. */
export const ANALYSIS_SETTINGS = Symbol('ANALYSIS_SETTINGS');

export function resolveAnalysisSettings(
  overrides: Partial<AnalysisSettings> = {},
): AnalysisSettings {
  const settings = { ...DEFAULT_ANALYSIS_SETTINGS, ...overrides };
  for (const key of [
    'cacheTtlMs',
    'waitTimeoutMs',
    'jobTimeoutMs',
    'fetchTimeoutMs',
    'fetchMaxBytes',
    'concurrency',
    'maxAnalysesPerUser',
    'maxRunningPerUser',
    'maxRunningPerHost',
    'crawledBrowserSitesPerMinute',
  ] as const) {
    const value = settings[key];
    if (
      !Number.isInteger(value) ||
      value < (key === 'cacheTtlMs' || key === 'crawledBrowserSitesPerMinute' ? 0 : 1)
    ) {
      throw new Error(`Analysis setting ${key} must be a whole number (got ${value})`);
    }
  }
  if (!Number.isInteger(settings.browser.poolSize) || settings.browser.poolSize < 0)
    throw new Error(
      `The browser pool size must be a whole number ≥ 0 (got ${settings.browser.poolSize})`,
    );
  if (!Number.isInteger(settings.browser.pageBudgetMs) || settings.browser.pageBudgetMs < 1)
    throw new Error(
      `The browser page budget must be a whole number of ms (got ${settings.browser.pageBudgetMs})`,
    );
  if (settings.llm && settings.llm.timeoutMs < 1)
    throw new Error('The LLM timeout must be at least 1 ms');
  return settings;
}
