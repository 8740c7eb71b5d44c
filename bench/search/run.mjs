// Search benchmarks (issue 3): a synthetic 1M-site corpus, bulk indexing rate on PostgreSQL,
// warm query latency p50/p95/p99 through the search service's HTTP API with two SQL baselines
// (naive ILIKE, plain ts_rank_cd over every match), and the same query mix on PGlite at 100k.
//
//   node bench/search/run.mjs
//
// Needs the built packages (`npx nx run-many -t build`) and the servers of `npm run infra:up`
// (PostgreSQL 127.0.0.1:5432, Redis 127.0.0.1:6379, Kafka 127.0.0.1:9092). Creates the scratch
// database frenly_bench_<random> (dropped at the end) and a PGlite folder in the system temp
// folder (removed). The corpus is generated once into COPY files (BENCH_CORPUS_DIR, about
// 2.7 GB per 1M sites, kept and reused by later runs with the same seed and generator; delete
// the folder to reclaim the space). Writes bench/results/search.json and the `search` section
// of docs/benchmarks.md. Bounded: gives up after BENCH_TIME_LIMIT_S, cleaning up.
// `node bench/search/run.mjs --render` rewrites that section from bench/results/search.json.
//
// Env (defaults): BENCH_SITES (1000000; e.g. 50000 for a quick try), BENCH_PGLITE_SITES
// (100000, capped at BENCH_SITES; 0 skips PGlite), BENCH_QUERIES (400), BENCH_WARMUP (400,
// other queries of the same mix: the hot set of steady traffic),
// BENCH_CONCURRENCY (4), BENCH_BASELINE_QUERIES (24), BENCH_BASELINE_TIMEOUT_MS (3000),
// BENCH_ONLINE_SITES (1% of the corpus, at most 10000),
// BENCH_REQUEST_TIMEOUT_MS (10000; an unanswered query counts as timed out), BENCH_LOAD_WORKERS (2),
// BENCH_BATCH (1000, online batches), BENCH_MAINTENANCE_WORK_MEM (2GB), BENCH_SEED (1),
// BENCH_TIME_LIMIT_S (2400), BENCH_CORPUS_DIR (<system temp>/frenly-bench-corpus),
// BENCH_KEEP=1 (keep the scratch database), BENCH_NO_DOC=1 (JSON only),
// DATABASE_URL (admin URL, postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL, KAFKA_BROKERS.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { machineLine, updateSection } from '../lib/benchmarks-doc.mjs';
import { createCorpus, describeCorpus, VOCABULARY_SIZE, ZIPF_EXPONENT } from './corpus.mjs';
import { corpusFiles } from './corpus-file.mjs';
import { indexCorpus, measureQueries } from './postgres.mjs';
import { QUERY_MIX } from './queries.mjs';
import { renderMarkdown } from './report.mjs';

const int = (name, fallback) =>
  process.env[name] === undefined || process.env[name] === ''
    ? fallback
    : Number(process.env[name]);
const sites = int('BENCH_SITES', 1_000_000);
const options = {
  sites,
  pgliteSites: Math.min(sites, int('BENCH_PGLITE_SITES', 100_000)),
  queries: int('BENCH_QUERIES', 400),
  warmup: int('BENCH_WARMUP', 400),
  concurrency: int('BENCH_CONCURRENCY', 4),
  baselineQueries: int('BENCH_BASELINE_QUERIES', 24),
  baselineTimeoutMs: int('BENCH_BASELINE_TIMEOUT_MS', 3000),
  onlineSites: int('BENCH_ONLINE_SITES', Math.min(10_000, Math.round(sites * 0.01))),
  requestTimeoutMs: int('BENCH_REQUEST_TIMEOUT_MS', 10_000),
  workers: int('BENCH_LOAD_WORKERS', 2),
  batchSize: int('BENCH_BATCH', 1000),
  maintenanceWorkMem: process.env.BENCH_MAINTENANCE_WORK_MEM ?? '2GB',
  seed: int('BENCH_SEED', 1),
  timeLimitS: int('BENCH_TIME_LIMIT_S', 2400),
};
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
const started = performance.now();
const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
const log = (line) => console.log(`[${elapsed()}] ${line}`);
const loadSamples = [];
const sampleLoad = setInterval(() => loadSamples.push(loadavg()[0]), 10_000);
sampleLoad.unref();

// What to clean up, whatever happens.
let database;
let service;
let pgliteChild;
async function releasePostgres() {
  await service?.stop().catch(() => undefined);
  service = undefined;
  if (database) {
    if (process.env.BENCH_KEEP === '1') log(`kept database ${database.name} (${database.url})`);
    else
      await database
        .drop()
        .catch((error) => log(`could not drop ${database.name}: ${error.message}`));
  }
  database = undefined;
}
async function cleanup() {
  clearInterval(sampleLoad);
  if (pgliteChild && pgliteChild.exitCode === null) {
    const exited = new Promise((resolve) => pgliteChild.once('exit', resolve));
    pgliteChild.kill('SIGTERM'); // it removes its own folder
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  await releasePostgres();
}
const hardStop = setTimeout(() => {
  log(`gave up after ${options.timeLimitS} s`);
  void cleanup().finally(() => process.exit(1));
}, options.timeLimitS * 1000);
hardStop.unref();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));

/**
 * Starts the PGlite half (its own process); `loaded` resolves when its corpus is indexed,
 * `go()` lets it measure queries, `done` resolves with its results.
 */
function startPglite(out) {
  let onLoaded;
  const loaded = new Promise((resolve) => (onLoaded = resolve));
  pgliteChild = spawn(
    process.execPath,
    [fileURLToPath(new URL('./pglite.mjs', import.meta.url)), out],
    {
      env: {
        ...process.env,
        BENCH_PGLITE_SITES: String(options.pgliteSites),
        BENCH_QUERIES: String(options.queries),
        BENCH_WARMUP: String(options.warmup),
        BENCH_CONCURRENCY: String(options.concurrency),
        BENCH_BASELINE_QUERIES: String(options.baselineQueries),
        BENCH_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs),
        BENCH_SEED: String(options.seed),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const child = pgliteChild;
  child.on('message', (message) => message === 'loaded' && onLoaded());
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(out, 'utf8')))
        : reject(new Error(`pglite.mjs exited with ${code}`)),
    );
  });
  // A failed child must not leave `loaded` pending forever.
  done.catch(() => onLoaded());
  return { loaded, done, go: () => child.send('go') };
}

function gitState() {
  const git = (...args) =>
    execFileSync('git', args, {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
    }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      uncommittedSearchFiles: git('status', '--porcelain', '--', 'services/search', 'libs/db')
        .split('\n')
        .filter(Boolean).length,
    };
  } catch {
    return undefined;
  }
}

if (process.argv.includes('--render')) {
  // Rewrites the docs section from the last results file (after a change to report.mjs).
  const result = JSON.parse(readFileSync(`${resultsDir}search.json`, 'utf8'));
  updateSection('search', 'Search', 'node bench/search/run.mjs', renderMarkdown(result));
  console.log(`docs/benchmarks.md re-rendered from the run of ${result.measuredAt}`);
  process.exit(0);
}

try {
  mkdirSync(resultsDir, { recursive: true });
  log(
    `search bench: ${sites} sites on PostgreSQL, ${options.pgliteSites} on PGlite; ${machineLine()}`,
  );
  const corpus = createCorpus(options.seed);
  const corpusStats = describeCorpus(corpus, sites);
  log(`corpus sample: ${JSON.stringify(corpusStats)}`);
  const prepared = await corpusFiles({
    corpus,
    seed: options.seed,
    from: 0,
    to: sites - options.onlineSites,
    parts: options.workers,
    dir: process.env.BENCH_CORPUS_DIR || undefined,
    log,
  });
  log(
    `corpus files ${prepared.reused ? 'reused' : `generated in ${prepared.generateMs} ms`}: ${prepared.files.join(', ')}`,
  );
  let pglite;
  // Load average during each phase (the 10 s samples taken meanwhile), for the report.
  const phaseLoad = {};
  const phaseStart = () => ({ at: loadSamples.length, now: loadavg()[0] });
  const phaseEnd = (name, start) => {
    const samples = [start.now, ...loadSamples.slice(start.at), loadavg()[0]];
    phaseLoad[name] = {
      mean: Math.round((samples.reduce((a, b) => a + b, 0) / samples.length) * 100) / 100,
      max: Math.round(Math.max(...samples) * 100) / 100,
    };
  };
  const indexingStart = phaseStart();
  const indexed = await indexCorpus({
    adminUrl,
    corpus,
    files: prepared.files,
    first: prepared.first,
    ...options,
    log,
    onDatabase: (db) => (database = db),
  });
  phaseEnd('indexing', indexingStart);
  const queriesStart = phaseStart();
  const queries = await measureQueries({
    adminUrl,
    database: indexed.database,
    corpus,
    sites,
    queryCount: options.queries,
    warmupCount: options.warmup,
    concurrency: options.concurrency,
    baselineCount: options.baselineQueries,
    baselineTimeoutMs: options.baselineTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    log,
    onService: (s) => (service = s),
  });
  phaseEnd('queries', queriesStart);
  await releasePostgres();
  // PGlite after PostgreSQL, alone: each engine's figures are measured without the other.
  if (options.pgliteSites > 0) {
    pglite = startPglite(`${resultsDir}search-pglite.json`);
    await pglite.loaded;
    pglite.go();
  }
  const pgliteResult = pglite ? await pglite.done : undefined;
  const result = {
    measuredAt: new Date().toISOString(),
    machine: machineLine(),
    cores: cpus().length,
    loadAverage: {
      atEnd: loadavg()[0],
      samples: loadSamples.length,
      mean: loadSamples.length
        ? Math.round((loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length) * 100) / 100
        : null,
      max: loadSamples.length ? Math.max(...loadSamples) : null,
      phases: phaseLoad,
    },
    options,
    code: gitState(),
    corpus: {
      seed: options.seed,
      vocabulary: VOCABULARY_SIZE,
      realWords: corpus.realWords,
      zipfExponent: ZIPF_EXPONENT,
      sample: corpusStats,
      mix: QUERY_MIX,
      files: { bytes: prepared.bytes, generateMs: prepared.generateMs, reused: prepared.reused },
    },
    durationS: Math.round((performance.now() - started) / 1000),
    postgres: { indexing: indexed.indexing, queries },
    pglite: pgliteResult,
  };
  writeFileSync(`${resultsDir}search.json`, `${JSON.stringify(result, null, 2)}\n`);
  log(`results in bench/results/search.json`);
  if (process.env.BENCH_NO_DOC !== '1') {
    updateSection('search', 'Search', 'node bench/search/run.mjs', renderMarkdown(result));
    log('docs/benchmarks.md updated (Search)');
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
