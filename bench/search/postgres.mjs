// The PostgreSQL half of the search benchmark: bulk indexing into a scratch database, then
// warm query latency through the built search service (distributed mode) and the two SQL
// baselines on the same data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_SEARCH_SETTINGS, RANKING_VERSION, SiteRepository } from '@frenly/search';
import { runBaseline } from './baselines.mjs';
import { cpuSeconds, runQueries, startSearchService } from './http-latency.mjs';
import {
  adminQuery,
  buildIndexes,
  createScratchDatabase,
  loadRange,
  secondaryIndexes,
  sizes,
  timed,
} from './postgres-load.mjs';
import { queryMix } from './queries.mjs';
import { byKind, summarize } from './stats.mjs';

/** Loads `sites` sites into a fresh scratch database; returns the database and the figures. */
export async function indexCorpus({
  adminUrl,
  corpus,
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
    // Bulk: secondary indexes off, load, indexes rebuilt from their own definitions.
    const definitions = await secondaryIndexes(client);
    for (const { indexname } of definitions) await client.query(`drop index search."${indexname}"`);
    log(
      `bulk load of ${bulkSites} sites (${definitions.length} secondary indexes dropped, ${workers} connections, batches of ${batchSize})`,
    );
    const bulk = await loadRange({
      url: database.url,
      corpus,
      from: 0,
      to: bulkSites,
      batchSize,
      workers,
      log,
    });
    log(
      `  ${bulk.sitesPerSec} sites/s; building indexes and the lexicon on ${workers} connections`,
    );
    // The lexicon rebuild (the service's own, as at start after a bulk load) reads only the
    // table, so it runs beside the index builds.
    const rebuildLexicon = {
      name: 'lexicon',
      run: () => new SiteRepository(database.handle.db).rebuildLexicon(),
    };
    onIndexBuild();
    const built = await buildIndexes(database.url, definitions, maintenanceWorkMem, workers, [
      rebuildLexicon,
    ]);
    const { lexicon: lexiconMs, ...indexMs } = built.times;
    log(
      `  indexes and lexicon in ${built.wallMs} ms: ${JSON.stringify(built.times)}; online load of ${onlineSites} sites (every index live, lexicon per batch)`,
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
    await client.query('vacuum analyze search.lexicon');
    const bulkTotalMs = bulk.wallMs + built.wallMs;
    return {
      database,
      indexing: {
        sites,
        workers,
        batchSize,
        maintenanceWorkMem,
        bulk: {
          ...bulk,
          indexMs,
          lexiconMs,
          indexAndLexiconWallMs: built.wallMs,
          totalMs: bulkTotalMs,
          sitesPerSecIncludingIndexes: Math.round(bulk.sites / (bulkTotalMs / 1000)),
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
    // The service joins the shared Kafka group search.catalogue: other people's ledger events it
    // handles during the run cost CPU here (counted, not excluded).
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
        `explain (format json) select 1 from search.sites where search_vector @@ websearch_to_tsquery('english', $1)`,
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
