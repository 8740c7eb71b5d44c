// The PGlite half of the search benchmark, run by run.mjs as a child process (its own memory):
// the same corpus (first BENCH_PGLITE_SITES sites) bulk-loaded into a PGlite data folder the
// way the PostgreSQL half loads it, then the same query mix through the search service's own
// Nest module mounted in this process on that PGlite database (as the embedded runtime mounts
// it, with the in-process bus and job queue), over loopback HTTP.
//   node bench/search/pglite.mjs <results.json>     (env: BENCH_PGLITE_SITES, BENCH_QUERIES, …)
// Started by run.mjs with an IPC channel once the PostgreSQL half is done, it loads, reports
// 'loaded', and measures queries when told 'go'. The load uses the service's bulk path as on
// PostgreSQL (SearchIndexRepository: suspend, batched inserts, finish), on PGlite's one
// connection.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@frenly/db';
import { InProcessEventBus, silentLogger } from '@frenly/events';
import { createJobQueue } from '@frenly/jobs';
import { createServiceApp, IdentityTokens, JsonLogger, MetricsService } from '@frenly/platform';
import {
  SearchIndexRepository,
  SearchModule,
  SiteRepository,
  runIndexBuildSteps,
} from '@frenly/search';
import { createCorpus, rowOf } from './corpus.mjs';
import { runQueries } from './http-latency.mjs';
import { checkPages } from './pages-check.mjs';
import { INSERT_SQL, SET_ID_SEQUENCE_SQL } from './postgres-load.mjs';
import { queryMix } from './queries.mjs';
import { byKind, summarize } from './stats.mjs';

const out = process.argv[2];
const sites = Number(process.env.BENCH_PGLITE_SITES ?? 100_000);
const seed = Number(process.env.BENCH_SEED ?? 1);
const queryCount = Number(process.env.BENCH_QUERIES ?? 400);
const warmupCount = Number(process.env.BENCH_WARMUP ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const requestTimeoutMs = Number(process.env.BENCH_REQUEST_TIMEOUT_MS ?? 10_000);
const baselineCount = Number(process.env.BENCH_BASELINE_QUERIES ?? 24);
const batchSize = 1000;
const log = (line) => console.log(`[pglite] ${line}`);

const dir = mkdtempSync(join(tmpdir(), 'frenly-bench-pglite-'));
let handle;
let app;
let jobs;
let bus;
const cleanup = async () => {
  await app?.close().catch(() => undefined);
  await jobs?.close().catch(() => undefined);
  await bus?.close().catch(() => undefined);
  await handle?.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));

try {
  const corpus = createCorpus(seed);
  let t = performance.now();
  handle = await openDatabase({ dataDir: dir, schemas: ['search'] });
  const openMs = Math.round(performance.now() - t);
  const client = handle.db.$client; // the PGlite instance (raw statements with $n parameters)
  const repository = new SearchIndexRepository(handle.db, new SiteRepository(handle.db));
  await repository.suspend();

  log(`bulk load of ${sites} sites into ${dir}`);
  t = performance.now();
  let generateMs = 0;
  for (let from = 0; from < sites; from += batchSize) {
    const g = performance.now();
    const json = JSON.stringify(
      [...corpus.batches(from, Math.min(sites, from + batchSize), batchSize)][0].map(rowOf),
    );
    generateMs += performance.now() - g;
    await client.query(INSERT_SQL, [json]);
    if ((from / batchSize) % 20 === 19)
      log(
        `  ${from + batchSize} sites, ${Math.round((from + batchSize) / ((performance.now() - t) / 1000))}/s`,
      );
  }
  await client.query(SET_ID_SEQUENCE_SQL);
  // Generating the rows is not indexing: off the clock, as the PostgreSQL half reads files.
  const loadMs = Math.round(performance.now() - t - generateMs);
  t = performance.now();
  const indexMs = await runIndexBuildSteps(
    await repository.finishSteps({ parts: 1, maintenanceWorkMem: '128MB' }),
    [handle.db],
  );
  const finishMs = Math.round(performance.now() - t);
  log(`  loaded in ${loadMs} ms, index finished in ${finishMs} ms: ${JSON.stringify(indexMs)}`);
  t = performance.now();
  await client.query('vacuum analyze search.sites');
  await client.query('vacuum analyze search.site_heads');
  await client.query('vacuum analyze search.site_bodies');
  const vacuumMs = Math.round(performance.now() - t);
  const pages = await checkPages((text) => client.query(text), corpus, sites);
  log(
    `  pages checked: ${pages.sites} sites, ${pages.pages} inner pages of ${pages.sitesWithPages}`,
  );
  const dataDirBytes = Number(
    execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0],
  );
  // Searched as the embedded runtime serves a folder it finds at start: opened again, with the
  // buffer cache sized for what the folder holds now (libs/db pglite-cache.ts).
  await handle.close();
  handle = await openDatabase({ dataDir: dir, schemas: ['search'] });
  const sharedBuffers = (await handle.db.$client.query('show shared_buffers')).rows[0]
    .shared_buffers;
  log(`  reopened: shared_buffers ${sharedBuffers}`);
  if (process.send) {
    const go = new Promise((resolve) => process.once('message', resolve));
    process.send('loaded');
    log('loaded; waiting for the PostgreSQL measurements to finish');
    await go;
  }

  bus = new InProcessEventBus({ logger: silentLogger });
  jobs = createJobQueue({ onError: () => undefined });
  const logger = new JsonLogger({ service: 'search', level: 'error' });
  app = await createServiceApp({
    service: 'search',
    logger,
    metrics: new MetricsService({ service: 'search', defaultMetrics: false }),
    modules: [
      SearchModule.forRoot({
        db: handle.db,
        bus,
        jobs,
        identityTokens: new IdentityTokens(randomBytes(32)),
        settings: { seedOnStart: false },
      }),
    ],
  });
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const queries = queryMix(corpus, { sites, count: queryCount, stream: 0 });
  const warmup = queryMix(corpus, { sites, count: warmupCount, stream: 1 });
  log(`warm-up ${warmup.length}, measured ${queries.length} at concurrency ${concurrency}`);
  await runQueries(baseUrl, warmup, { concurrency, timeoutMs: requestTimeoutMs });
  const cpu0 = process.cpuUsage();
  const measured = await runQueries(baseUrl, queries, { concurrency, timeoutMs: requestTimeoutMs });
  const cpu = process.cpuUsage(cpu0);
  // The embedded runtime serves one person: the same measured queries one at a time too.
  const onePerson = await runQueries(baseUrl, queries, {
    concurrency: 1,
    timeoutMs: requestTimeoutMs,
  });
  const serial = { records: onePerson.records.slice(0, baselineCount) };
  const failures = measured.records.filter((record) => record.status !== 200);
  const result = {
    engine: 'PGlite',
    sites,
    pages,
    openMs,
    sharedBuffers,
    indexing: {
      loadMs,
      generateMs: Math.round(generateMs),
      sitesPerSec: Math.round(sites / (loadMs / 1000)),
      indexMs,
      finishMs,
      vacuumAnalyzeMs: vacuumMs,
      sitesPerSecIncludingIndexes: Math.round(sites / ((loadMs + finishMs) / 1000)),
      dataDirBytes,
    },
    api: {
      ...summarize(measured.records),
      wallMs: Math.round(measured.wallMs),
      queriesPerSec: Math.round((measured.records.length / measured.wallMs) * 1000 * 10) / 10,
      cpuMsPerQuery:
        Math.round(((cpu.user + cpu.system) / 1000 / measured.records.length) * 10) / 10,
      failures: failures.length,
      byKind: byKind(measured.records),
      slowest: [...measured.records]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 8)
        .map(({ kind, q, ms, total, timedOut }) => ({
          kind,
          q,
          ms: Math.round(ms),
          total,
          timedOut,
        })),
    },
    subsetSerial: summarize(serial.records),
    onePerson: { ...summarize(onePerson.records), byKind: byKind(onePerson.records) },
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`p50 ${result.api.p50} ms, p95 ${result.api.p95} ms, p99 ${result.api.p99} ms`);
} finally {
  await cleanup();
}
process.exit(0);
