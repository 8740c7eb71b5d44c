// The crawl-and-analyse pipeline on a generated fixture web (issue 15): BENCH_SITES sites (220)
// served on loopback (trackers, manipulative designs, accessibility faults, robots.txt closures,
// slow and broken hosts; fixture-web.mjs), seeded into the catalogue of the built embedded
// runtime, which then crawls and analyses them by itself (HTML tier). Measures sites analysed
// per minute, time from seeding to insights (p50, p95), and the share of top-10 results with
// insights 1, 5 and 15 minutes after seeding (one search per topic at each point: a search also
// demands what it shows, as in the product; sampling stops early only when nothing is left to
// analyse, and the figure then says when it was measured). Checks each card against what its
// site contains.
//
//   npx nx run-many -t build && node bench/pipeline/run.mjs [--write]
//   npx nx run-many -t build && node bench/pipeline/run.mjs --browser [--write]
//
// --browser measures the browser tier on the crawled sites instead: BROWSER_CRAWL_SITES_PER_MINUTE
// at its maximum (600, so the budget is not the limit), BENCH_BROWSER_POOL (2) Chromium processes
// (background visits may hold all but one: browserGroupLimits), every host name mapped to the
// fixture server (tracker hosts answer there, refused TLS included); visits per minute and the
// share of top-10 results whose card carries the browser tier's findings.
//
// The runtime uses a scratch PostgreSQL database (DATABASE_URL; the in-process bus and queue as
// with PGlite): the PGlite template carries the seed corpus, whose real domains cannot be reached
// here and would only measure the offline backoff. BENCH_SITES_PER_MINUTE (1000) and
// BENCH_CONCURRENCY (64) set SEARCH_CRAWL_SITES_PER_MINUTE / SEARCH_CRAWL_CONCURRENCY; the
// defaults (60, 16) are the safe setting of a fresh installation, not its capacity.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { updateSection } from '../lib/benchmarks-doc.mjs';
import { generateSites, serveFixtureWeb, TOPICS } from './fixture-web.mjs';

const SITES = Number(process.env.BENCH_SITES || 220);
const PER_MINUTE = Number(process.env.BENCH_SITES_PER_MINUTE || 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 64);
const BROWSER = process.argv.includes('--browser');
const BROWSER_POOL = Number(process.env.BENCH_BROWSER_POOL || 2);
const BROWSER_PER_MINUTE = BROWSER ? 600 : Number(process.env.BENCH_BROWSER_SITES_PER_MINUTE || 0);
/** Coverage is sampled at these minutes after seeding. */
const CHECKPOINTS = [1, 5, 15];
/** One run stays under 20 minutes: 15 after seeding, plus start-up and the last sample. */
const SAMPLE_UNTIL_MS = 15 * 60_000 + 5_000;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const loadAtStart = loadavg()[0];

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sites = generateSites(SITES);
const web = await serveFixtureWeb(sites);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const dbName = `frenly_bench_pipeline_${randomBytes(4).toString('hex')}`;
await admin.query(`create database "${dbName}"`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl.toString(),
  FRENLY_DATA_DIR: `/tmp/${dbName}`,
  SEARCH_SEED: 'false',
  FRENLY_RESOLVE: BROWSER ? `*=127.0.0.1:${web.port}` : `*.bench.test=127.0.0.1:${web.port}`,
  FRENLY_FETCH_ALLOWLIST: `127.0.0.1:${web.port}`,
  SEARCH_CRAWL_SITES_PER_MINUTE: String(PER_MINUTE),
  SEARCH_CRAWL_CONCURRENCY: String(CONCURRENCY),
  // The HTML tier's throughput: crawled sites' browser visits (BROWSER_CRAWL_SITES_PER_MINUTE,
  // 4 by default) would share the two cores with it; --browser (or BENCH_BROWSER_SITES_PER_MINUTE)
  // turns them on.
  BROWSER_CRAWL_SITES_PER_MINUTE: String(BROWSER_PER_MINUTE),
  ...(BROWSER ? { BROWSER_POOL_SIZE: String(BROWSER_POOL) } : {}),
  FRENLY_RATE_LIMIT: 'off',
};
const child = spawn(process.execPath, [`${repoRoot}services/embedded/dist/main.js`], {
  env,
  stdio: ['ignore', 'ignore', 'pipe'],
});
let stderr = '';
child.stderr.on('data', (chunk) => {
  stderr = (stderr + chunk).slice(-20_000);
});
const db = new pg.Client({ connectionString: dbUrl.toString() });

async function ready() {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`the runtime exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the runtime did not get ready in 120 s');
}

async function coverage() {
  let shown = 0;
  let withInsights = 0;
  let analysable = 0;
  let analysableWithInsights = 0;
  let browserDone = 0;
  let analysableBrowserDone = 0;
  for (const topic of TOPICS) {
    const res = await fetch(`${base}/api/search?q=${topic}&limit=10`);
    const body = await res.json();
    for (const result of body.results ?? []) {
      shown += 1;
      const site = sites.find((s) => s.host === result.domain);
      const can =
        site &&
        site.kind !== 'robots-closed' &&
        site.kind !== 'broken' &&
        site.kind !== 'server-error';
      const browserSeen = result.analysisData?.browser?.state === 'done';
      if (result.analyzedAt) withInsights += 1;
      if (browserSeen) browserDone += 1;
      if (can) {
        analysable += 1;
        if (result.analyzedAt) analysableWithInsights += 1;
        if (browserSeen) analysableBrowserDone += 1;
      }
    }
  }
  return {
    shown,
    withInsights,
    share: withInsights / Math.max(1, shown),
    analysableShare: analysableWithInsights / Math.max(1, analysable),
    browserShare: browserDone / Math.max(1, shown),
    analysableBrowserShare: analysableBrowserDone / Math.max(1, analysable),
  };
}

/** The latest completed analysis of each bench homepage, with its browser part's state and time. */
async function browserStates() {
  const { rows } = await db.query(
    `select distinct on (url) url, report -> 'browser' ->> 'state' as state,
            report -> 'browser' ->> 'checkedAt' as checked_at, created_at
       from analysis.analyses
      where url like 'http://site-%.bench.test/' and status = 'completed'
      order by url, created_at desc`,
  );
  return rows;
}

const homepages = (rows) => rows.filter((row) => new URL(row.url).pathname === '/');

try {
  const started = Date.now();
  await ready();
  const readyMs = Date.now() - started;
  await db.connect();
  // Seed as the seed load does: known to the catalogue, never crawled, never analysed.
  await db.query(
    `insert into search.sites (url, domain, title, description, source)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      sites.map((s) => `http://${s.host}/`),
      sites.map((s) => s.host),
      sites.map((s) => s.title),
      sites.map((s) => `Notes about ${s.topic}`),
      sites.map(() => 'seed'),
    ],
  );
  const seededAt = Date.now();
  const analysableCount = sites.filter(
    (s) => !['robots-closed', 'broken', 'server-error'].includes(s.kind),
  ).length;
  const timeline = [];
  /** minute -> coverage measured at that checkpoint (or earlier, when nothing was left). */
  const at = {};
  let doneAt;
  while (Date.now() - seededAt < SAMPLE_UNTIL_MS) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const elapsed = Date.now() - seededAt;
    const { rows } = await db.query(
      `select url, analyzed_at from search.sites where domain like '%.bench.test' and analyzed_at is not null`,
    );
    const done = homepages(rows).length;
    // The browser tier is settled when no analysed homepage waits for its visit any more.
    const pendingVisits = BROWSER
      ? (await browserStates()).filter((row) => row.state === 'pending').length
      : 0;
    timeline.push({ elapsed, done, pendingVisits });
    for (const minute of CHECKPOINTS)
      if (!at[minute] && elapsed >= minute * 60_000)
        at[minute] = { elapsed, ...(await coverage()) };
    if (doneAt === undefined && done >= analysableCount && pendingVisits === 0) doneAt = elapsed;
    if (doneAt !== undefined && at[1]) {
      // Nothing is left to analyse (or visit): what a search shows at the later checkpoints is
      // what it shows now, and the figure says when it was measured.
      const now = { elapsed, early: true, ...(await coverage()) };
      for (const minute of CHECKPOINTS) at[minute] ??= now;
      break;
    }
  }
  for (const minute of CHECKPOINTS)
    at[minute] ??= { elapsed: Date.now() - seededAt, ...(await coverage()) };
  const atOne = at[1];
  const atFive = at[5];
  const atFifteen = at[15];

  const { rows } = await db.query(
    `select url, domain, analyzed_at, analysis_data from search.sites where domain like '%.bench.test' and analyzed_at is not null`,
  );
  const analysed = homepages(rows);
  const latencies = analysed.map((row) => new Date(row.analyzed_at).getTime() - seededAt);
  const lastAt = Math.max(...latencies);
  const firstAt = Math.min(...latencies);
  // Inner pages are documents of their site (issue 16): indexed, never analysed on their own.
  const pages = await db.query(
    `select count(*)::int as n from search.sites where domain like '%.bench.test' and crawled_at is not null`,
  );
  const pagesIndexed = pages.rows[0].n;
  // Sites analysed per minute: the busiest 60 s, or the whole run when it took less than that.
  let perMinute = 0;
  for (const point of timeline) {
    const before = [...timeline].reverse().find((p) => p.elapsed <= point.elapsed - 60_000);
    if (before) perMinute = Math.max(perMinute, point.done - before.done);
  }
  if (lastAt < 60_000) perMinute = Math.round((analysed.length / lastAt) * 60_000);

  // Does each card say what its site holds?
  let darkExpected = 0;
  let darkFound = 0;
  let trackerSites = 0;
  let trackerSitesSeen = 0;
  let falseDark = 0;
  for (const row of analysed) {
    const site = sites.find((s) => s.host === row.domain);
    const patterns = (row.analysis_data?.frenliness?.manipulativePatterns ?? [])
      .join(' ')
      .toLowerCase();
    const words = {
      countdown: 'countdown',
      confirmshaming: 'confirmshaming',
      'low-stock': 'low-stock',
      'pre-checked': 'pre-checked',
    };
    for (const kind of site.dark) {
      darkExpected += 1;
      if (patterns.includes(words[kind])) darkFound += 1;
    }
    if (site.dark.length === 0 && patterns.length > 0) falseDark += 1;
    if (site.trackers.length > 0) {
      trackerSites += 1;
      if ((row.analysis_data?.evidence?.trackers ?? []).length > 0) trackerSitesSeen += 1;
    }
  }
  // The crawler fetches each homepage once; with --browser the browser tier visits it once more.
  const fetchedTwice = sites.filter(
    (s) => (web.hits.get(`${s.host} /`) ?? 0) > (BROWSER ? 2 : 1),
  ).length;

  // The browser tier: visits finished (done) or given up (failed), per minute of their times.
  const states = BROWSER ? await browserStates() : [];
  const visitTimes = states
    .filter((row) => row.state === 'done' && row.checked_at)
    .map((row) => Date.parse(row.checked_at) - seededAt)
    .sort((a, b) => a - b);
  let visitsBusiestMinute = 0;
  for (let i = 0, j = 0; i < visitTimes.length; i++) {
    while (visitTimes[i] - visitTimes[j] >= 60_000) j++;
    visitsBusiestMinute = Math.max(visitsBusiestMinute, i - j + 1);
  }
  // The HTML tier's own times: the catalogue's analyzed_at moves on when the browser's report lands.
  const htmlLastMs = BROWSER
    ? Math.max(...states.map((row) => new Date(row.created_at).getTime() - seededAt))
    : lastAt;
  const browser = BROWSER
    ? {
        pool: BROWSER_POOL,
        done: visitTimes.length,
        failed: states.filter((row) => row.state === 'failed').length,
        unavailable: states.filter((row) => row.state === 'unavailable').length,
        pending: states.filter((row) => row.state === 'pending').length,
        firstMs: visitTimes[0],
        lastMs: visitTimes.at(-1),
        perMinute:
          visitTimes.length > 1
            ? Math.round(
                ((visitTimes.length - 1) / (visitTimes.at(-1) - visitTimes[0])) * 60_000 * 10,
              ) / 10
            : 0,
        busiestMinute: visitsBusiestMinute,
        loadAtEnd: loadavg()
          .map((x) => x.toFixed(2))
          .join(' / '),
      }
    : undefined;

  // What the snapshots kept for re-scoring cost (one per analysed URL; analysis.snapshots).
  const { rows: storageRows } = await db.query(
    `select count(*)::int as n, coalesce(sum(bytes), 0)::bigint as bytes from analysis.snapshots
      where url like 'http://site-%.bench.test/'`,
  );
  const storage = {
    snapshots: storageRows[0].n,
    kib: Math.round(Number(storageRows[0].bytes) / 1024),
    perSite: Math.round(Number(storageRows[0].bytes) / Math.max(1, storageRows[0].n)),
  };

  // --rescore: the analyses as a previous release would have stored them (an older scoring
  // version); the running one scores them again from their snapshots by itself (the sweep runs
  // every minute, at most 120 a minute by default), and nothing may be fetched for it.
  let rescore;
  const analysedHosts = new Set(analysed.map((row) => row.domain));
  if (process.argv.includes('--rescore')) {
    const hitsBefore = new Map(web.hits);
    const { rows: versionRows } = await db.query(
      `update analysis.analyses a set scoring_version = a.scoring_version - 1,
              report = jsonb_set(a.report, '{scoringVersion}', to_jsonb(a.scoring_version - 1))
         from analysis.snapshots s
        where s.analysis_id = a.id and s.url like 'http://site-%.bench.test/'
              and a.status = 'completed'
       returning a.scoring_version + 1 as current`,
    );
    const marked = versionRows.length;
    const current = versionRows[0]?.current;
    const markedAt = Date.now();
    let left = marked;
    while (left > 0 && Date.now() - markedAt < 10 * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { rows: leftRows } = await db.query(
        `select count(*)::int as n from analysis.analyses a join analysis.snapshots s on s.analysis_id = a.id
          where s.url like 'http://site-%.bench.test/' and a.scoring_version < $1`,
        [current],
      );
      left = leftRows[0].n;
    }
    const tookMs = Date.now() - markedAt;
    rescore = {
      marked,
      left,
      tookMs,
      perMinute: Math.round(((marked - left) / tookMs) * 60_000),
      // Requests the fixture web saw meanwhile, by host and path: the homepages of the sites
      // scored again must see none; the crawler keeps running (retries of broken hosts, say).
      requestsDuring: Object.fromEntries(
        [...web.hits]
          .map(([key, n]) => [key, n - (hitsBefore.get(key) ?? 0)])
          .filter(([, n]) => n > 0),
      ),
    };
    rescore.homepageRequests = Object.entries(rescore.requestsDuring)
      .filter(([key]) => key.endsWith(' /') && analysedHosts.has(key.split(' ')[0]))
      .reduce((sum, [, n]) => sum + n, 0);
    rescore.otherRequests = Object.entries(rescore.requestsDuring)
      .map(([key, n]) => `${key} ×${n}`)
      .join(', ');
  }

  const summary = {
    storage,
    rescore,
    sites: SITES,
    analysable: analysableCount,
    analysed: analysed.length,
    readyMs,
    perMinute,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    firstMs: firstAt,
    lastMs: lastAt,
    pagesIndexed,
    pagesPerMinute: Math.round((pagesIndexed / Math.max(1, lastAt - firstAt)) * 60_000),
    sitesPerMinuteSteady: Math.round((analysed.length / Math.max(1, lastAt - firstAt)) * 60_000),
    atOne,
    atFive,
    atFifteen,
    browser,
    darkRecall: `${darkFound}/${darkExpected}`,
    falseDark,
    trackers: `${trackerSitesSeen}/${trackerSites}`,
    fetchedTwice,
  };
  console.log(JSON.stringify(summary, null, 2));

  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  const when = (point) =>
    point.early
      ? ` (measured at ${(point.elapsed / 1000).toFixed(0)} s: nothing was left to analyse)`
      : '';
  if (process.argv.includes('--write') && BROWSER) {
    const browserWhen = (point) =>
      point.early
        ? ` (measured at ${(point.elapsed / 1000).toFixed(0)} s: nothing was left to visit)`
        : ` (measured at ${(point.elapsed / 1000).toFixed(0)} s)`;
    updateSection(
      'pipeline-browser',
      'Pipeline: the browser tier on crawled sites (issue 15)',
      `npx nx run-many -t build && node bench/pipeline/run.mjs --browser --write  (BENCH_SITES=${SITES}, BROWSER_POOL_SIZE=${BROWSER_POOL}, BROWSER_CRAWL_SITES_PER_MINUTE=600, SEARCH_CRAWL_SITES_PER_MINUTE=${PER_MINUTE})`,
      `The run above, with crawled sites' browser visits on: the same built embedded runtime and fixture web
(${SITES} sites), \`BROWSER_CRAWL_SITES_PER_MINUTE=600\` (the variable's maximum, far above what
the pool can do, so the budget is not the limit) and \`BROWSER_POOL_SIZE=${BROWSER_POOL}\` Chromium processes, of
which background visits may hold ${Math.max(1, BROWSER_POOL - 1)} (one stays free for people's requests:
\`browserGroupLimits\`). Every host name resolves to the fixture server (\`FRENLY_RESOLVE=*\`), so tracker
scripts are requested there and fail fast instead of waiting on DNS. Each visit is the homepage and
one inner page (\`observeSite\`), as for a person's request. The machine is shared: load average
${loadAtStart.toFixed(2)} at start, ${browser.loadAtEnd} (1/5/15 min) at the end.

| Measure | Value |
| --- | --- |
| Sites analysed, HTML tier (of ${analysableCount} analysable) | ${analysed.length}, the last ${(htmlLastMs / 1000).toFixed(0)} s after seeding |
| Snapshots kept for re-scoring (page + browser observation, gzipped JSON) | ${storage.snapshots}, ${storage.kib} KiB in all, ${storage.perSite} bytes a site on average |
| Browser visits finished / failed / still waiting at the end | ${browser.done} / ${browser.failed} / ${browser.pending} |
| Browser-tier visits per minute (sites: homepage + inner page) | ${browser.perMinute} between the first and the last visit; ${browser.busiestMinute} in the busiest 60 s |
| First / last visit finished | ${((browser.firstMs ?? 0) / 1000).toFixed(0)} s / ${((browser.lastMs ?? 0) / 1000).toFixed(0)} s after seeding |
| Top-10 results with insights (any tier) after 1 / 5 / 15 min | ${pct(atOne.share)} / ${pct(atFive.share)} / ${pct(atFifteen.share)} of all shown |
| Top-10 results with the browser tier's findings after 1 min | ${pct(atOne.browserShare)} of all shown; ${pct(atOne.analysableBrowserShare)} of those that can be analysed |
| … after 5 min | ${pct(atFive.browserShare)}; ${pct(atFive.analysableBrowserShare)}${browserWhen(atFive)} |
| … after 15 min | ${pct(atFifteen.browserShare)}; ${pct(atFifteen.analysableBrowserShare)}${browserWhen(atFifteen)} |
| Homepages fetched more than twice (crawler + browser) | ${fetchedTwice} |

${analysed.length < analysableCount ? `${analysableCount - analysed.length} of the ${analysableCount} analysable sites had no insights when the run ended (the HTML tier's last one landed ${(htmlLastMs / 1000).toFixed(0)} s after seeding); the runtime's log is not kept at this level, so why is not known from this run.\n\n` : ''}A failed visit leaves the HTML tier's report standing and says so. Top-10 shares count the
results of ${TOPICS.length} queries (one per topic); a search also puts what it shows first in the
crawler's queue, as in the product.`,
      { loadAtStart },
    );
  }
  if (process.argv.includes('--write') && !BROWSER) {
    updateSection(
      'pipeline',
      'Pipeline: crawl and analyse by itself (issue 15)',
      `npx nx run-many -t build && node bench/pipeline/run.mjs --write${rescore ? ' --rescore' : ''}  (BENCH_SITES=${SITES}, SEARCH_CRAWL_SITES_PER_MINUTE=${PER_MINUTE}, SEARCH_CRAWL_CONCURRENCY=${CONCURRENCY})`,
      `The built embedded runtime (in-process bus and queue; a scratch PostgreSQL database, since the PGlite
template carries the seed corpus) with ${SITES} generated sites on one loopback server
(\`bench/pipeline/fixture-web.mjs\`: trackers, manipulative designs, accessibility faults; 1 in 20
closed by robots.txt, 1 in 20 answering after 4 s, 1 in 40 dropping connections, 1 in 40 answering
500), seeded into the catalogue: nobody searches or clicks until the 1-minute mark. Each site: robots.txt,
its homepage and up to two inner pages at the default 1 s per host; each site's homepage is analysed
(HTML tier) from the crawler's copy, and its inner pages are indexed as documents of the site (not
analysed on their own). Figures count homepages.

| Measure | Value |
| --- | --- |
| Sites analysed (of ${analysableCount} analysable, ${SITES} seeded) | ${analysed.length} |
| Sites crawled + analysed per minute (HTML tier) | ${summary.sitesPerMinuteSteady} between the first and the last insight; ${perMinute} in the busiest 60 s (goal ≥ 600: ${Math.max(summary.sitesPerMinuteSteady, perMinute) >= 600 ? 'met' : '**not met here**'}) |
| Pages indexed (homepages and inner pages; only homepages are analysed) | ${pagesIndexed}, ${summary.pagesPerMinute} a minute |
| Seeding → insights, first / p50 / p95 / last | ${(firstAt / 1000).toFixed(1)} s / ${(summary.p50Ms / 1000).toFixed(1)} s / ${(summary.p95Ms / 1000).toFixed(1)} s / ${(lastAt / 1000).toFixed(1)} s |
| Top-10 results with insights after 1 min (${TOPICS.length} queries) | ${pct(atOne?.share ?? 0)} of all shown; ${pct(atOne?.analysableShare ?? 0)} of those that can be analysed |
| Top-10 results with insights after 5 min | ${pct(atFive.share)} of all shown; ${pct(atFive.analysableShare)} of those that can be analysed${when(atFive)} |
| Top-10 results with insights after 15 min | ${pct(atFifteen.share)} of all shown; ${pct(atFifteen.analysableShare)} of those that can be analysed${when(atFifteen)} |
| Cards that match their site | manipulative designs found ${darkFound}/${darkExpected}; sites without any flagged: ${falseDark}; tracker sites with trackers on the card ${trackerSitesSeen}/${trackerSites} |
| Homepages fetched more than once | ${fetchedTwice} |
| Snapshots kept for re-scoring (the fetched page, gzipped JSON) | ${storage.snapshots}, ${storage.kib} KiB in all, ${storage.perSite} bytes a site on average |
${rescore ? `| Re-scoring after a scoring-version change (\`--rescore\`: every analysis marked as the previous version's) | ${rescore.marked - rescore.left} of ${rescore.marked} scored again in ${(rescore.tookMs / 1000).toFixed(0)} s (${rescore.perMinute} a minute; the default bound is 120 a minute); requests for the homepages of the sites scored again meanwhile: ${rescore.homepageRequests}; every request the fixture web saw meanwhile (the crawler keeps running): ${rescore.otherRequests || 'none'} |\n` : ''}
The results that never get insights are the sites that cannot be read (robots.txt, broken hosts);
their cards say why (\`insight.state: 'not_analysable'\`). The browser tier is measured separately
(next section): crawled sites' browser visits (\`BROWSER_CRAWL_SITES_PER_MINUTE\`, 4 a minute by default) are off in this run. The default budget
(60 sites a minute per search process) is a polite default, not the capacity measured here.`,
      { loadAtStart },
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', resolve),
  );
  await db.end().catch(() => undefined);
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  await admin.end();
  await web.close();
}
