// Bulk indexing of the synthetic corpus into a scratch PostgreSQL database.
//
// Two phases, each through the search service's own code for everything but moving bytes:
//   bulk:   SearchIndexRepository.suspend() (secondary indexes dropped, the indexing trigger
//           off), the corpus files streamed with COPY on `workers` connections at once, then
//           SearchIndexRepository.finishSteps() run on `workers` connections
//           (runIndexBuildSteps): the search index tokenised in rank ranges side by side, each
//           index built once, the lexicon in one pass, ANALYZE;
//   online: the rest of the corpus inserted in batches (json_to_recordset, as the service's
//           SiteRepository.insertNew does) with every index and the trigger live, and the typo
//           lexicon maintained per batch with SiteRepository.addToLexicon: what indexing costs
//           while the index serves.
// Besides wall time, the CPU time of the PostgreSQL backends doing the work is read from /proc:
// other people's runs share the 2 cores, and CPU seconds per site do not depend on them.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase } from '@frenly/db';
import { SearchIndexRepository, SiteRepository, runIndexBuildSteps } from '@frenly/search';
import { COPY_COLUMNS, COPY_SQL } from './corpus-file.mjs';
import { copyFile } from './copy-in.mjs';
import { rowOf } from './corpus.mjs';
import { cpuSeconds } from './http-latency.mjs';

const COLUMN_TYPES = {
  id: 'int',
  site_id: 'int',
  frenliness_score: 'int',
  is_verified: 'boolean',
  is_claimed: 'boolean',
  upvotes: 'int',
  downvotes: 'int',
  total_staked: 'int',
  support_total: 'int',
  concern_total: 'int',
  analysis_data: 'jsonb',
};
const COLUMNS = COPY_COLUMNS.map((name) => [name, COLUMN_TYPES[name] ?? 'text']);
/**
 * After rows with explicit ids (the corpus's: row i is id i + 1): the id sequence past them, as
 * inserts that draw from it would have left it.
 */
export const SET_ID_SEQUENCE_SQL = `select setval(pg_get_serial_sequence('search.sites', 'id'),
  greatest(1, (select max(id) from search.sites)))`;
export const INSERT_SQL = `insert into search.sites (${COLUMNS.map(([name]) => name).join(', ')})
  select ${COLUMNS.map(([name]) => name).join(', ')}
  from json_to_recordset($1::json) as x(${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})
  returning id`;

/** A fresh database named frenly_bench_<random>, migrated with the search schema only. */
export async function createScratchDatabase(adminUrl) {
  const name = `frenly_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    schemas: ['search'],
    poolSize: 4,
  });
  return {
    name,
    url: url.toString(),
    handle,
    async drop() {
      await handle.close().catch(() => undefined);
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export async function adminQuery(adminUrl, text, params) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/**
 * Inserts sites [from, to) with `workers` connections, each taking the next generated batch.
 * Generation runs in this process between statements (it is on the clock: a crawler feeding
 * the index would produce the rows too). Returns timing and the ids range.
 */
export async function loadRange({ url, corpus, from, to, batchSize, workers, lexicon, log }) {
  const pool = new pg.Pool({ connectionString: url, max: workers });
  const repository = lexicon ? new SiteRepository(lexicon) : undefined;
  const batches = corpus.batches(from, to, batchSize);
  let loaded = 0;
  let dbMs = 0;
  let lexiconMs = 0;
  let generateMs = 0;
  let lastReport = performance.now();
  const started = performance.now();
  const next = () => {
    const t = performance.now();
    const { value, done } = batches.next();
    const json = done ? undefined : JSON.stringify(value.map(rowOf));
    generateMs += performance.now() - t;
    return json;
  };
  const worker = async () => {
    const client = await pool.connect();
    try {
      for (let json = next(); json !== undefined; json = next()) {
        const t = performance.now();
        const result = await client.query(INSERT_SQL, [json]);
        dbMs += performance.now() - t;
        loaded += result.rowCount;
        if (repository) {
          const t2 = performance.now();
          // The service's own lexicon maintenance (one statement per batch of new ids).
          await repository.addToLexicon(
            lexicon,
            result.rows.map((row) => row.id),
          );
          lexiconMs += performance.now() - t2;
        }
        if (log && performance.now() - lastReport > 15_000) {
          lastReport = performance.now();
          log(
            `  ${from + loaded} sites, ${Math.round(loaded / ((performance.now() - started) / 1000))}/s`,
          );
        }
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  await pool.query(SET_ID_SEQUENCE_SQL);
  const wallMs = performance.now() - started;
  await pool.end();
  return {
    sites: loaded,
    wallMs: Math.round(wallMs),
    sitesPerSec: Math.round(loaded / (wallMs / 1000)),
    insertMs: Math.round(dbMs),
    lexiconMs: Math.round(lexiconMs),
    generateMs: Math.round(generateMs),
  };
}

/**
 * The bulk phase: suspend the index, COPY the first `first` files (the sites that own every
 * inner page), then every other file on its own connection at once, finish the index on
 * `lanes` connections. Returns wall times, per-step times and backend CPU seconds.
 */
export async function bulkLoad({ url, files, first = 0, lanes, maintenanceWorkMem, handle, log }) {
  const repository = new SearchIndexRepository(handle.db, new SiteRepository(handle.db));
  const suspended = await repository.suspend();
  log(
    `  ${suspended.length} secondary indexes dropped, indexing trigger off; COPY of ${files.length} files (${first} first, then ${files.length - first} at once)`,
  );
  const load = await copyFiles(url, files, first);
  log(`  ${load.sites} sites copied in ${load.wallMs} ms (${load.cpuS} s of backend CPU)`);
  // One connection per lane, held for the whole finish (a pool would close an idle one and
  // take its CPU time with it).
  const laneClients = await Promise.all(
    Array.from({ length: lanes }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select pg_backend_pid() as pid');
      return { client, pid: rows[0].pid };
    }),
  );
  try {
    const pids = laneClients.map(({ pid }) => pid);
    const lanesDbs = laneClients.map(({ client }) => drizzle(client));
    // Each step's CPU: its lane's backend CPU time across the step.
    const stepCpuS = {};
    const steps = (await repository.finishSteps({ parts: lanes, maintenanceWorkMem })).map(
      (step) => ({
        ...step,
        run: async (db) => {
          const pid = pids[lanesDbs.indexOf(db)];
          const before = cpuSeconds([pid]);
          await step.run(db);
          stepCpuS[step.name] = round1(cpuSeconds([pid]) - before);
        },
      }),
    );
    const cpuBefore = cpuSeconds(pids);
    const started = performance.now();
    const times = await runIndexBuildSteps(steps, lanesDbs);
    const finish = {
      wallMs: Math.round(performance.now() - started),
      cpuS: round1(cpuSeconds(pids) - cpuBefore),
      steps: times,
      stepCpuS,
    };
    log(
      `  index finished in ${finish.wallMs} ms (${finish.cpuS} s of backend CPU): ${JSON.stringify(times)}`,
    );
    return { load, finish, suspendedIndexes: suspended.map((definition) => definition.name) };
  } finally {
    await Promise.all(laneClients.map(({ client }) => client.end()));
  }
}

/**
 * One COPY per file, each on its own connection: the first `first` files one after the other
 * (inner pages in the later files name their rows: a foreign key checks them, and a row a
 * concurrent COPY has not committed would not be there), then the others all at once; then the
 * id sequence past the explicit ids.
 */
async function copyFiles(url, files, first) {
  const clients = await Promise.all(
    files.map(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select pg_backend_pid() as pid');
      return { client, pid: rows[0].pid };
    }),
  );
  try {
    const pids = clients.map(({ pid }) => pid);
    const cpuBefore = cpuSeconds(pids);
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    const counts = [];
    for (let k = 0; k < first; k += 1)
      counts.push(await copyFile(clients[k].client, COPY_SQL, files[k]));
    counts.push(
      ...(await Promise.all(
        clients.slice(first).map(({ client }, k) => copyFile(client, COPY_SQL, files[first + k])),
      )),
    );
    await clients[0].client.query(SET_ID_SEQUENCE_SQL);
    const wallMs = Math.round(performance.now() - started);
    const node = process.cpuUsage(nodeBefore);
    const sites = counts.reduce((a, b) => a + b, 0);
    return {
      sites,
      wallMs,
      sitesPerSec: Math.round(sites / (wallMs / 1000)),
      cpuS: round1(cpuSeconds(pids) - cpuBefore),
      clientCpuS: round1((node.user + node.system) / 1e6),
    };
  } finally {
    await Promise.all(clients.map(({ client }) => client.end()));
  }
}

const round1 = (value) => Math.round(value * 10) / 10;

export async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - t), value };
}

/** Sizes (bytes) of the search relations (each with its TOAST), their indexes, and the lexicon. */
export async function sizes(client) {
  const relations = await client.query(`
    select c.relname as name, c.relkind as kind, pg_relation_size(c.oid) as bytes,
      coalesce(pg_relation_size(nullif(c.reltoastrelid, 0)), 0) as toast
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'search' and c.relkind in ('r', 'i')
      and (c.relname like 'site%' or c.relname like 'lexicon%')
    order by c.relkind desc, c.relname`);
  const totals = await client.query(`
    select pg_total_relation_size('search.sites') as sites,
      pg_total_relation_size('search.site_heads') as site_heads,
      pg_total_relation_size('search.site_bodies') as site_bodies,
      pg_total_relation_size('search.lexicon') as lexicon,
      (select count(*) from search.lexicon) as lexicon_words,
      pg_database_size(current_database()) as database`);
  return {
    relations: relations.rows.map((row) => ({
      name: row.name,
      kind: row.kind === 'i' ? 'index' : 'table',
      bytes: Number(row.bytes),
      toast: Number(row.toast),
    })),
    totals: Object.fromEntries(Object.entries(totals.rows[0]).map(([k, v]) => [k, Number(v)])),
  };
}
