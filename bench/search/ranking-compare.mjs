// The current ranking against 2.1 on the same database, statement by statement (issue 16): the
// query mix of bench/search/queries.mjs through search.ranked_page (services/search/src/ranking/
// sql/ranking.sql) and through
// a copy of the v2 function (migration 0009's search.ranked_page, installed here as
// search.ranked_page_v2 — in the bench database only), alternating query by query so that
// both see the same machine load, at concurrency 1 and 4. Plain words become
// plainto_tsquery; phrases, exclusions and OR are sent as websearch_to_tsquery (close to, not
// the same as, the service's own tsquery; both versions get the same one).
//
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/frenly_bench_<id> node bench/search/ranking-compare.mjs
//
// BENCH_DB_URL: a database kept by `BENCH_KEEP=1 node bench/search/run.mjs` (required);
// BENCH_SITES (50000: the corpus size it was built with), BENCH_QUERIES (200),
// BENCH_BASELINE (0009_body_index_halves: the migration whose search.ranked_page, and
// search.snippet_of when it defines one, are the baseline, installed renamed as
// search.ranked_page_v2 and search.snippet_of_v2).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createCorpus } from './corpus.mjs';
import { queryMix } from './queries.mjs';
import { percentile } from './stats.mjs';

const url = process.env.BENCH_DB_URL;
if (!url)
  throw new Error(
    'BENCH_DB_URL is required (a database kept by BENCH_KEEP=1 node bench/search/run.mjs)',
  );
const sites = Number(process.env.BENCH_SITES || 50_000);
const count = Number(process.env.BENCH_QUERIES || 200);

const baseline = process.env.BENCH_BASELINE || '0009_body_index_halves';
const v2Source = readFileSync(
  fileURLToPath(new URL(`../../libs/db/migrations/search/${baseline}.sql`, import.meta.url)),
  'utf8',
);
// The baseline's search.ranked_page and search.snippet_of statements, renamed (the rest of the
// migration is not replayed).
const v2Functions = v2Source
  .split('--> statement-breakpoint')
  .filter((statement) => /FUNCTION search\.(ranked_page|snippet_of)\(/.test(statement))
  .map((statement) =>
    statement
      .replaceAll('search.ranked_page(', 'search.ranked_page_v2(')
      .replaceAll('search.snippet_of(', 'search.snippet_of_v2('),
  );

const options = JSON.stringify({
  limit: 10,
  candidateLimit: 300,
  bodyTierBelow: 100,
  bodyScanLimit: 2000,
  perDomain: 2,
  correctBelow: 3,
  minSimilarity: 0.3,
});
const tsquery = (q) =>
  /["|-]|\bOR\b/.test(q) ? `websearch_to_tsquery('english', $1)` : `plainto_tsquery('english', $1)`;
// exactText: the query as typed (v2 compares it with domains and titles for its name bonus).
const statement = (fn, q) =>
  `select ${fn}(${tsquery(q)}, ${tsquery(q)}, '${options}'::jsonb || jsonb_build_object('exactText', lower($1::text)))`;

const setup = new pg.Client({ connectionString: url });
await setup.connect();
for (const statement of v2Functions) await setup.query(statement);
await setup.end();

const queries = queryMix(createCorpus(1), { sites, count, stream: 16 });
const texts = queries.map((entry) => entry.q);

async function run(concurrency) {
  const clients = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const times = { current: [], v2: [] };
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (next < texts.length) {
        const q = texts[next];
        const order = next % 2 === 0 ? ['current', 'v2'] : ['v2', 'current'];
        next += 1;
        for (const version of order) {
          const started = performance.now();
          await client.query(
            statement(version === 'current' ? 'search.ranked_page' : 'search.ranked_page_v2', q),
            [q],
          );
          times[version].push(performance.now() - started);
        }
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  return times;
}

for (const concurrency of [1, 4]) {
  await run(concurrency); // warm-up: the same queries once
  const times = await run(concurrency);
  for (const version of ['v2', 'current']) {
    const values = times[version];
    process.stdout.write(
      `concurrency ${concurrency}, ${version}: ${values.length} queries, p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms\n`,
    );
  }
}
