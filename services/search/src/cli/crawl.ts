// `npm run crawl -- <url> [<url>…] [--enqueue] [--max-pages N] [--max-depth N]`
// Crawls sites into the catalogue of the configured database (DATABASE_URL, else the PGlite
// folder FRENLY_DATA_DIR: stop the embedded app first, PGlite is single-process). New pages
// get their search.site-indexed outbox rows; the running search service's relay publishes them.
// With --enqueue the crawls go to the site-crawl queue (REDIS_URL) for the service's workers.
import { parseArgs } from 'node:util';
import { commonVars, loadConfigOrExit, type ConfigOf } from '@frenly/config';
import { openDatabase } from '@frenly/db';
import { createJobQueue, type FrenlyJobQueues } from '@frenly/jobs';
import { JsonLogger } from '@frenly/platform';
import { searchSettingsFrom, searchSettingsVars } from '../config/search.config.js';
import { resolveSearchSettings } from '../config/search.settings.js';
import { CrawlRootRepository } from '../crawler/crawl-root.repository.js';
import { CrawlService } from '../crawler/crawl.service.js';
import { writeOutboxRows } from '../events/outbox-rows.js';
import { createSiteCrawler } from '../search.module.js';
import { canonicalUrl } from '@frenly/contracts';
import { SiteRepository } from '../sites/site.repository.js';

const cliConfigSpec = {
  LOG_LEVEL: commonVars.LOG_LEVEL,
  DATABASE_URL: commonVars.DATABASE_URL,
  FRENLY_DATA_DIR: commonVars.FRENLY_DATA_DIR,
  REDIS_URL: commonVars.REDIS_URL,
  JOBS_PREFIX: commonVars.JOBS_PREFIX,
  ...searchSettingsVars,
};

const USAGE = 'usage: npm run crawl -- <url> [<url>…] [--enqueue] [--max-pages N] [--max-depth N]';

const { values: flags, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: {
    enqueue: { type: 'boolean', default: false },
    'max-pages': { type: 'string' },
    'max-depth': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (flags.help || urls.length === 0) {
  console.log(USAGE);
  process.exit(flags.help ? 0 : 2);
}

const config: ConfigOf<typeof cliConfigSpec> = loadConfigOrExit(cliConfigSpec);
const overrides = searchSettingsFrom(config);
const settings = resolveSearchSettings({
  ...overrides,
  crawl: {
    ...overrides.crawl,
    ...(flags['max-pages'] ? { maxPages: positiveInteger('--max-pages', flags['max-pages']) } : {}),
    ...(flags['max-depth']
      ? { maxDepth: positiveInteger('--max-depth', flags['max-depth'], 0) }
      : {}),
  },
});
const logger = new JsonLogger({ service: 'search-crawl', level: config.LOG_LEVEL });
if (flags.enqueue && !config.REDIS_URL) {
  console.error(
    '--enqueue needs REDIS_URL: the crawl queue of a running distributed search service',
  );
  process.exit(2);
}

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.FRENLY_DATA_DIR,
  schemas: ['search'],
  poolSize: 2,
});
const jobs = createJobQueue<FrenlyJobQueues>({
  redisUrl: config.REDIS_URL,
  prefix: config.JOBS_PREFIX,
});
const crawls = new CrawlService(
  database.db,
  new SiteRepository(database.db),
  new CrawlRootRepository(database.db),
  { write: writeOutboxRows, committed: () => undefined },
  createSiteCrawler(settings),
  jobs,
  settings,
  () => new Date(),
  logger,
);

let failures = 0;
try {
  for (const input of urls) {
    let url: string;
    try {
      url = canonicalUrl(input);
    } catch (error) {
      console.error(`${input}: ${(error as Error).message}`);
      failures += 1;
      continue;
    }
    if (flags.enqueue) {
      await new CrawlRootRepository(database.db).upsertQueued(url, new URL(url).host, null);
      await crawls.enqueue(url);
      console.log(`${url}: queued`);
      continue;
    }
    const outcome = await crawls.crawl(url, undefined, 'submission');
    if (outcome.status === 'deferred') {
      console.error(`${url}: not crawled: the web is out of reach`);
      failures += 1;
      continue;
    }
    if (outcome.status === 'failed') {
      console.error(`${url}: not crawled (${outcome.error.code}): ${outcome.error.message}`);
      failures += 1;
      continue;
    }
    const { report } = outcome;
    console.log(
      `${url}: ${report.indexed.length} page(s) indexed, ${report.skipped.length} skipped, ${report.requests} request(s), ${report.delayMs} ms between requests`,
    );
    for (const page of report.indexed) console.log(`  + ${page}`);
    for (const skipped of report.skipped) console.log(`  - ${skipped.url} (${skipped.reason})`);
  }
} finally {
  await jobs.close();
  await database.close();
}
process.exit(failures > 0 ? 1 : 0);

function positiveInteger(flag: string, text: string, min = 1): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${flag} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return value;
}
