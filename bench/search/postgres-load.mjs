// Bulk indexing of the synthetic corpus into a scratch PostgreSQL database.
//
// Rows travel as one JSON parameter per batch through json_to_recordset (the search service's
// own bulk path, SiteRepository.insertNew; COPY would need pg-copy-streams, not installed).
// The generated columns (search_vector, static_rank, domain_label) are computed by PostgreSQL
// on insert whichever path is used. Two phases:
//   online: every index of search.sites live, and the typo lexicon maintained per batch with
//           the service's SiteRepository.addToLexicon: what indexing costs while serving;
//   bulk:   the secondary indexes of search.sites dropped (primary key and url uniqueness kept),
//           the rest of the corpus loaded, the indexes rebuilt from their own definitions,
//           the lexicon rebuilt with the service's SiteRepository.rebuildLexicon (what the
//           service does at start after a bulk load), then VACUUM ANALYZE.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '@frenly/db';
import { SiteRepository } from '@frenly/search';
import { rowOf } from './corpus.mjs';

const COLUMNS = [
  ['url', 'text'],
  ['domain', 'text'],
  ['title', 'text'],
  ['description', 'text'],
  ['page_text', 'text'],
  ['language', 'text'],
  ['source', 'text'],
  ['frenliness_score', 'int'],
  ['trust_score', 'text'],
  ['is_verified', 'boolean'],
  ['is_claimed', 'boolean'],
  ['upvotes', 'int'],
  ['downvotes', 'int'],
  ['total_staked', 'int'],
  ['support_total', 'int'],
  ['concern_total', 'int'],
  ['analysis_data', 'jsonb'],
];
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

/** The secondary indexes of search.sites (not the primary key or the url constraint). */
export async function secondaryIndexes(client) {
  const result = await client.query(`
    select indexname, indexdef from pg_indexes
    where schemaname = 'search' and tablename = 'sites'
      and indexname not in (select conname from pg_constraint where conrelid = 'search.sites'::regclass)
    order by indexname`);
  return result.rows;
}

/**
 * Rebuilds dropped indexes from their definitions on `lanes` connections at once (GIN builds
 * are single-threaded in PostgreSQL 15: the biggest index on one core, the rest on the other),
 * GIN first, then `extraJobs` ({ name, run(client) }); returns ms per job and the wall time.
 */
export async function buildIndexes(
  url,
  definitions,
  maintenanceWorkMem,
  lanes = 2,
  extraJobs = [],
) {
  const queue = [
    ...[...definitions]
      .sort((a, b) => Number(/using gin/i.test(b.indexdef)) - Number(/using gin/i.test(a.indexdef)))
      .map(({ indexname, indexdef }) => ({
        name: indexname,
        run: (client) => client.query(indexdef),
      })),
    ...extraJobs,
  ];
  const times = {};
  const started = performance.now();
  const lane = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`set maintenance_work_mem = '${maintenanceWorkMem}'`);
      for (let next = queue.shift(); next; next = queue.shift()) {
        const t = performance.now();
        await next.run(client);
        times[next.name] = Math.round(performance.now() - t);
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return { times, wallMs: Math.round(performance.now() - started) };
}

export async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - t), value };
}

/** Sizes (bytes) of the table, its TOAST, each index, and the lexicon. */
export async function sizes(client) {
  const relations = await client.query(`
    select c.relname as name, c.relkind as kind, pg_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'search' and c.relkind in ('r', 'i') and (c.relname like 'sites%' or c.relname like 'lexicon%')
    order by c.relname`);
  const totals = await client.query(`
    select pg_relation_size('search.sites') as heap,
      pg_total_relation_size('search.sites') - pg_relation_size('search.sites') - pg_indexes_size('search.sites') as toast,
      pg_indexes_size('search.sites') as indexes,
      pg_total_relation_size('search.sites') as total,
      pg_total_relation_size('search.lexicon') as lexicon,
      (select count(*) from search.lexicon) as lexicon_words,
      pg_database_size(current_database()) as database`);
  return {
    relations: relations.rows.map((row) => ({
      name: row.name,
      kind: row.kind === 'i' ? 'index' : 'table',
      bytes: Number(row.bytes),
    })),
    totals: Object.fromEntries(Object.entries(totals.rows[0]).map(([k, v]) => [k, Number(v)])),
  };
}
