// The PostgreSQL half of the search benchmark: bulk indexing into a scratch database, then
// warm query latency through the built search service (distributed mode) and the two SQL
// baselines on the same data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_SEARCH_SETTINGS, RANKING_VERSION } from '@frenly/search';
import { runBaseline } from './baselines.mjs';
import { cpuSeconds, runQueries, startSearchService } from './http-latency.mjs';
import {
  adminQuery,
  bulkLoad,
  createScratchDatabase,
  loadRange,
  sizes,
  timed,
} from './postgres-load.mjs';
import { checkPages } from './pages-check.mjs';
import { queryMix } from './queries.mjs';
import { byKind, summarize } from './stats.mjs';

/** Loads the corpus into a fresh scratch database (bulk from `files`, then online); returns the database and the figures. */
export async function indexCorpus({
  adminUrl,
  corpus,
  files,
  first,
  sites,
  onlineSites,
  workers,
  batchSize,
  maintenanceWorkMem,
  log,
  onDatabase,
  onIndexBuild = () => undefined,
}) {
  const database = await createScratchDatabase(adminUrl);
  onDatabase(database);
  log(`scratch database ${database.name}`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const bulkSites = sites - onlineSites;
    log(`bulk load of ${bulkSites} sites (${workers} connections)`);
    onIndexBuild();
    const bulk = await bulkLoad({
      url: database.url,
      files,
      first,
      lanes: workers,
      maintenanceWorkMem,
      handle: database.handle,
      log,
    });
    const totalMs = bulk.load.wallMs + bulk.finish.wallMs;
    const cpuS = bulk.load.cpuS + bulk.finish.cpuS;
    log(
      `  bulk total ${totalMs} ms: ${Math.round(bulk.load.sites / (totalMs / 1000))} sites/s; ${cpuS} s of PostgreSQL CPU`,
    );
    log(
      `online load of ${onlineSites} sites (every index and the trigger live, lexicon per batch)`,
    );
    const online =
      onlineSites > 0
        ? await loadRange({
            url: database.url,
            corpus,
            from: bulkSites,
            to: sites,
            batchSize,
            workers,
            lexicon: database.handle.db,
            log,
          })
        : undefined;
    if (online) log(`  ${online.sitesPerSec} sites/s online`);
    const vacuum = await timed(() => client.query('vacuum analyze search.sites'));
    await client.query('vacuum analyze search.site_heads');
    await client.query('vacuum analyze search.site_bodies');
    await client.query('vacuum analyze search.lexicon');
    const pages = await checkPages((text) => client.query(text), corpus, sites);
    log(
      `  pages checked: ${pages.sites} sites, ${pages.pages} inner pages of ${pages.sitesWithPages} of them, each under its domain's home page`,
    );
    return {
      database,
      indexing: {
        sites,
        pages,
        workers,
        batchSize,
        maintenanceWorkMem,
        bulk: {
          sites: bulk.load.sites,
          load: bulk.load,
          finish: bulk.finish,
          suspendedIndexes: bulk.suspendedIndexes,
          totalMs,
          cpuS,
          sitesPerSecIncludingIndexes: Math.round(bulk.load.sites / (totalMs / 1000)),
          // What the same work would take with both cores to itself (CPU-bound, perfectly parallel).
          sitesPerSecOnIdleCores: Math.round(bulk.load.sites / (cpuS / 2)),
        },
        online,
        vacuumAnalyzeMs: vacuum.ms,
        sizes: await sizes(client),
      },
    };
  } finally {
    await client.end();
  }
}

/** Query latency through the HTTP API, then the baselines, on a loaded database. */
export async function measureQueries({
  adminUrl,
  database,
  corpus,
  sites,
  queryCount,
  warmupCount,
  concurrency,
  baselineCount,
  baselineTimeoutMs,
  requestTimeoutMs,
  log,
  onService,
}) {
  const queries = queryMix(corpus, { sites, count: queryCount, stream: 0 });
  const warmup = queryMix(corpus, { sites, count: warmupCount, stream: 1 });
  const service = await startSearchService(
    {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
      KAFKA_CLIENT_ID: `frenly-bench-${randomBytes(3).toString('hex')}`,
      FRENLY_IDENTITY_SECRET: randomBytes(32).toString('base64url'),
      SEARCH_SEED: 'false',
      // A private group reading only new events: this copy of the catalogue must not take the
      // shared group's events (nor replay the topics' history).
      SEARCH_CONSUMER_GROUP: `search.bench-${randomBytes(4).toString('hex')}`,
      SEARCH_CONSUME_FROM_BEGINNING: 'false',
    },
    { log },
  );
  onService(service);
  try {
    log(`warm-up: ${warmup.length} queries`);
    const warm = await runQueries(service.baseUrl, warmup, {
      concurrency,
      timeoutMs: requestTimeoutMs,
    });
    const backends = async () =>
      (
        await adminQuery(
          adminUrl,
          `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [database.name],
        )
      ).rows.map((row) => row.pid);
    const foreignEvents = async () =>
      Number(
        (await adminQuery(database.url, 'select count(*) as n from search.processed_events'))
          .rows[0].n,
      );
    const eventsBefore = await foreignEvents();
    const before = await backends();
    const cpuBefore = { service: cpuSeconds([service.pid]), postgres: cpuSeconds(before) };
    log(`measured: ${queries.length} queries at concurrency ${concurrency}`);
    const measured = await runQueries(service.baseUrl, queries, {
      concurrency,
      timeoutMs: requestTimeoutMs,
    });
    const after = [...new Set([...before, ...(await backends())])];
    const cpu = {
      service: cpuSeconds([service.pid]) - cpuBefore.service,
      postgres: cpuSeconds(after) - cpuBefore.postgres,
    };
    // Events published by other people's runs meanwhile reach this private group too (counted).
    const eventsDuring = (await foreignEvents()) - eventsBefore;
    const failures = measured.records.filter((record) => record.status !== 200);
    if (failures.length > 0)
      log(`  ${failures.length} queries failed, e.g. ${JSON.stringify(failures[0])}`);

    const subset = queries.slice(0, baselineCount);
    log(`API one at a time on the baseline subset (${subset.length} queries)`);
    const serial = await runQueries(service.baseUrl, subset, {
      concurrency: 1,
      timeoutMs: requestTimeoutMs,
    });
    const baselines = {};
    for (const name of ['ts_rank_cd', 'ilike']) {
      log(`baseline ${name} (${subset.length} queries, statement timeout ${baselineTimeoutMs} ms)`);
      baselines[name] = await runBaseline(database.url, name, subset, {
        timeoutMs: baselineTimeoutMs,
      });
    }
    const plans = await planCounts(database.url, queries);
    return {
      candidateLimit: DEFAULT_SEARCH_SETTINGS.ranking.candidateLimit,
      rankingVersion: RANKING_VERSION,
      concurrency,
      requestTimeoutMs,
      bodyTierBelow: DEFAULT_SEARCH_SETTINGS.ranking.bodyTierBelow,
      bodyScanLimit: DEFAULT_SEARCH_SETTINGS.ranking.bodyScanLimit,
      queryTimeoutMs: DEFAULT_SEARCH_SETTINGS.queryTimeoutMs,
      warmup: { count: warmup.length, wallMs: Math.round(warm.wallMs), ...summarize(warm.records) },
      api: {
        ...summarize(measured.records),
        wallMs: Math.round(measured.wallMs),
        queriesPerSec: Math.round((measured.records.length / measured.wallMs) * 1000 * 10) / 10,
        cpuMsPerQuery: {
          service: Math.round(((cpu.service * 1000) / measured.records.length) * 10) / 10,
          postgres: Math.round(((cpu.postgres * 1000) / measured.records.length) * 10) / 10,
        },
        failures: failures.length,
        foreignEventsHandled: eventsDuring,
        byKind: byKind(measured.records),
        timedOut: measured.records
          .filter((record) => record.timedOut)
          .map(({ kind, q }) => ({ kind, q })),
        slowest: [...measured.records]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 8)
          .map(({ kind, q, ms, total, corrected, timedOut }) => ({
            kind,
            q,
            ms: Math.round(ms),
            total,
            corrected,
            timedOut,
          })),
        zeroResults: measured.records.filter((record) => record.results === 0).length,
        corrected: measured.records.filter((record) => record.corrected).length,
      },
      subset: {
        count: subset.length,
        apiSerial: summarize(serial.records),
        baselineTimeoutMs,
        baselines: Object.fromEntries(
          Object.entries(baselines).map(([name, records]) => [name, summarize(records)]),
        ),
        baselineByKind: Object.fromEntries(
          Object.entries(baselines).map(([name, records]) => [name, byKind(records)]),
        ),
      },
      matches: plans,
      records: measured.records.map(
        ({ kind, q, ms, status, total, results, corrected, timedOut }) => ({
          kind,
          q,
          ms: Math.round(ms * 10) / 10,
          status,
          total,
          results,
          corrected,
          timedOut,
        }),
      ),
    };
  } finally {
    await service.stop();
  }
}

/** How many sites the mix's queries match (planner estimates of websearch_to_tsquery): the spread of the mix. */
async function planCounts(url, queries) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const estimates = [];
    for (const { q } of queries) {
      const result = await client.query(
        `explain (format json) select 1 from search.site_bodies where search_vector @@ websearch_to_tsquery('english', $1)`,
        [q],
      );
      estimates.push(Math.round(result.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']));
    }
    const sorted = estimates.sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    return {
      estimatedMatchesP10: at(10),
      p50: at(50),
      p90: at(90),
      max: sorted[sorted.length - 1],
    };
  } finally {
    await client.end();
  }
}
