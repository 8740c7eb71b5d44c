import { commonVars, env, type ConfigOf } from '@frenly/config';
import { distributedVars } from '@frenly/platform';
import { fetchAllowListVar, fetchResolveVar } from '@frenly/safe-fetch';
import { DEFAULT_ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { browserTierVars } from '../browser/browser-tier.config.js';

/** The analysis service's own settings; the embedded runtime spreads these into its spec too. */
export const analysisSettingsVars = {
  FRENLY_FETCH_ALLOWLIST: fetchAllowListVar,
  FRENLY_RESOLVE: fetchResolveVar,
  OPENAI_API_KEY: env.optionalString(
    'API key of an OpenAI-compatible server; set it to let an LLM write analysis reasoning and reframes (unset = heuristic engine only)',
  ),
  OPENAI_BASE_URL: env.url(
    'Base URL of the OpenAI-compatible API (e.g. http://127.0.0.1:8080/v1 for a local server); unset = api.openai.com',
    ['http', 'https'],
  ),
  OPENAI_MODEL: env.string('Model name sent to the OpenAI-compatible API', {
    default: 'gpt-4o-mini',
  }),
  OPENAI_TIMEOUT_MS: env.int('Bound on one LLM call; past it the heuristic result stands', {
    default: 8_000,
    min: 100,
    max: 60_000,
  }),
  ANALYSIS_CACHE_TTL_SECONDS: env.int(
    'How long a completed site analysis is served from cache before a new fetch',
    {
      default: DEFAULT_ANALYSIS_SETTINGS.cacheTtlMs / 1000,
      min: 0,
      max: 30 * 24 * 3600,
    },
  ),
  ANALYSIS_WAIT_TIMEOUT_MS: env.int('How long POST /api/sites/analyze waits for its analysis job', {
    default: DEFAULT_ANALYSIS_SETTINGS.waitTimeoutMs,
    min: 1_000,
    max: 120_000,
  }),
  ANALYSIS_CONCURRENCY: env.int('Site analyses one process runs at once', {
    default: DEFAULT_ANALYSIS_SETTINGS.concurrency,
    min: 1,
    max: 32,
  }),
  ANALYSIS_MAX_PER_USER: env.int(
    'Analyses one account may have queued or running at once; more are refused with 429 TOO_MANY_ANALYSES',
    {
      default: DEFAULT_ANALYSIS_SETTINGS.maxAnalysesPerUser,
      min: 1,
      max: 100,
    },
  ),
  ANALYSIS_MAX_RUNNING_PER_USER: env.int(
    "Analyses of one account that run at once (all workers); keep it below the workers' total so others always get one",
    {
      default: DEFAULT_ANALYSIS_SETTINGS.maxRunningPerUser,
      min: 1,
      max: 32,
    },
  ),
  ANALYSIS_MAX_RUNNING_PER_HOST: env.int(
    'Analyses of pages of one host that run at once (all workers): a slow site cannot hold every worker',
    {
      default: DEFAULT_ANALYSIS_SETTINGS.maxRunningPerHost,
      min: 1,
      max: 32,
    },
  ),
  ...browserTierVars,
};

/** Base URL(s) of another service, comma-separated for several instances. */
const serviceUrls = (description: string, port: number) =>
  env.list(description, {
    default: `http://127.0.0.1:${port}`,
    item: (item) => {
      try {
        return ['http:', 'https:'].includes(new URL(item).protocol)
          ? undefined
          : 'must use http or https';
      } catch {
        return 'must be a URL';
      }
    },
  });

/** The analysis service on its own (distributed mode). */
export const analysisConfigSpec = {
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
  SEARCH_URL: serviceUrls(
    "the analysis asks the search catalogue there for an analysed site's id (distributed runtime)",
    3001,
  ),
  LEDGER_URL: serviceUrls(
    "the analysis reads a site's community figures (votes, stakes) from the ledger there (distributed runtime)",
    3002,
  ),
  PORT: env.port('HTTP port of the analysis service', 3003),
  HOST: env.string('Network interface to listen on', { default: '0.0.0.0' }),
  ...analysisSettingsVars,
};

export type AnalysisConfig = ConfigOf<typeof analysisConfigSpec>;
export type AnalysisSettingsConfig = ConfigOf<typeof analysisSettingsVars>;

/** The module's settings from validated configuration (distributed service or embedded runtime). */
export function analysisSettingsFromConfig(
  config: AnalysisSettingsConfig,
): Partial<AnalysisSettings> {
  return {
    fetchAllowList: config.FRENLY_FETCH_ALLOWLIST,
    fetchResolve: config.FRENLY_RESOLVE,
    cacheTtlMs: config.ANALYSIS_CACHE_TTL_SECONDS * 1000,
    waitTimeoutMs: config.ANALYSIS_WAIT_TIMEOUT_MS,
    concurrency: config.ANALYSIS_CONCURRENCY,
    maxAnalysesPerUser: config.ANALYSIS_MAX_PER_USER,
    maxRunningPerUser: config.ANALYSIS_MAX_RUNNING_PER_USER,
    maxRunningPerHost: config.ANALYSIS_MAX_RUNNING_PER_HOST,
    browser: {
      chromiumPath: config.FRENLY_CHROMIUM_PATH,
      poolSize: config.BROWSER_POOL_SIZE,
      pageBudgetMs: config.BROWSER_PAGE_BUDGET_MS,
    },
    crawledBrowserSitesPerMinute: config.BROWSER_CRAWL_SITES_PER_MINUTE,
    llm: config.OPENAI_API_KEY
      ? {
          apiKey: config.OPENAI_API_KEY,
          baseUrl: config.OPENAI_BASE_URL,
          model: config.OPENAI_MODEL,
          timeoutMs: config.OPENAI_TIMEOUT_MS,
        }
      : null,
  };
}
