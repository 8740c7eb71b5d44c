// A bystander while one account floods analyses (issue 12, item 7), on the embedded runtime:
// the built `services/embedded/dist/main.js` as its own process, a loopback web server with slow
// pages (the flooder's, on 127.0.0.1) and quick ones (the bystander's, on 127.0.0.2, another
// host), two people signed in through the development identity provider.
//
//   node bench/analysis-fairness/run.mjs [--unfair] [--gateway-limits]
//
// Phase "idle": the bystander alone: searches back to back, and BENCH_ANALYSES analyses of
// quick pages one after the other. Phase "flood": the same, while the flooder keeps
// BENCH_FLOOD clients each asking for analyses of new slow pages (each answers after
// BENCH_SLOW_MS with a BENCH_SLOW_BYTES page); a refused one (429) retries after 100 ms. Prints the
// medians and p95s of both phases and the flooder's answers. `--unfair` lifts the fairness caps
// (per-account and per-host limits set to 32 running, 100 in flight): the scheduling of before.
// The gateway's rate limits are raised for the run (they are not what is measured here), unless
// `--gateway-limits`: then its limit on analyses per window stays as configured.
// Build first (npm run build). Env (defaults): BENCH_PHASE_S (15), BENCH_ANALYSES (5),
// BENCH_FLOOD (20), BENCH_SLOW_MS (3000), BENCH_SLOW_BYTES (200000), BENCH_EMBEDDED_MAIN (services/embedded/dist/main.js).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort, SignInBrowser, signInAs } from '@frenly/testing';
import { buildPage } from '../analysis/pages.mjs';

const PHASE_S = Number(process.env.BENCH_PHASE_S ?? 15);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 5);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 20);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 3000);
const SLOW_BYTES = Number(process.env.BENCH_SLOW_BYTES ?? 200_000);
const UNFAIR = process.argv.includes('--unfair');
/** Keep the gateway's own limit on analyses (the flooder then also meets 429s from the edge). */
const GATEWAY_LIMITS = process.argv.includes('--gateway-limits');
const root = fileURLToPath(new URL('../../', import.meta.url));
const main = process.env.BENCH_EMBEDDED_MAIN ?? `${root}services/embedded/dist/main.js`;

const hardStop = setTimeout(() => {
  console.error('analysis-fairness bench: gave up after 300 s');
  process.exit(1);
}, 300_000);
hardStop.unref();

// --- the web: slow pages on 127.0.0.1, quick ones on 127.0.0.2 --------------------------------
const slowPage = buildPage(SLOW_BYTES);
const quickPage = readFileSync(
  `${root}services/analysis/test/fixtures/sites/plain-shop.html`,
  'utf8',
);
const timers = new Set();
const web = createHttpServer((req, res) => {
  const page = req.url.startsWith('/slow/') ? slowPage : quickPage;
  const answer = () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  if (!req.url.startsWith('/slow/')) return answer();
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, SLOW_MS);
  timers.add(timer);
});
await new Promise((resolve) => web.listen(0, '0.0.0.0', resolve));
const webPort = web.address().port;
const slowUrl = (n) => `http://127.0.0.1:${webPort}/slow/${n}`;
const quickUrl = (n) => `http://127.0.0.2:${webPort}/quick/${n}`;

// --- the embedded runtime ---------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'frenly-bench-fairness-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
let stderr = '';
const unfairCaps = {
  ANALYSIS_MAX_PER_USER: '100',
  ANALYSIS_MAX_RUNNING_PER_USER: '32',
  ANALYSIS_MAX_RUNNING_PER_HOST: '32',
};
const app = spawn(process.execPath, [main], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    FRENLY_DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    KAFKA_BROKERS: '',
    FRENLY_FETCH_ALLOWLIST: `127.0.0.1:${webPort},127.0.0.2:${webPort}`,
    FRENLY_RATE_LIMIT_SEARCH: '1000000',
    ...(GATEWAY_LIMITS ? {} : { FRENLY_RATE_LIMIT_ANALYZE: '1000000' }),
    FRENLY_RATE_LIMIT_READ: '1000000',
    FRENLY_RATE_LIMIT_AUTH: '1000000',
    ...(UNFAIR ? unfairCaps : {}),
  },
});
app.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));

const cleanup = async () => {
  for (const timer of timers) clearTimeout(timer);
  if (app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
  }
  web.closeAllConnections();
  web.close();
  rmSync(dataDir, { recursive: true, force: true });
};

/** Signs one person in through the development identity provider, like a browser; returns the cookie. */
async function signIn(name) {
  const browser = new SignInBrowser();
  await signInAs(browser, origin, name);
  const session = browser.cookie('frenly_session');
  if (!session) throw new Error(`no session after signing in ${name}`);
  return `frenly_session=${session}`;
}

const timed = async (fn) => {
  const started = performance.now();
  const status = await fn();
  return { ms: performance.now() - started, status };
};
const search = (cookie, q) =>
  timed(async () => {
    const res = await fetch(`${origin}/api/search?q=${encodeURIComponent(q)}`, {
      headers: { cookie },
    });
    await res.arrayBuffer();
    return res.status;
  });
const analyze = (cookie, url) =>
  timed(async () => {
    const res = await fetch(`${origin}/api/sites/analyze`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    await res.arrayBuffer();
    return res.status;
  });

const quantile = (values, q) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const summary = (samples) => {
  const ms = samples.map((s) => s.ms);
  const bad = samples.filter((s) => s.status !== 200).map((s) => s.status);
  return {
    n: samples.length,
    median: Math.round(quantile(ms, 0.5)),
    p95: Math.round(quantile(ms, 0.95)),
    notOk: bad,
  };
};

let quickN = 0;
const queries = ['shop', 'pillowcases', 'benchmark page', 'free returns', 'news', 'cart'];
/** The bystander for one phase: searches back to back for the phase, and ANALYSES quick analyses. */
async function bystander(cookie, phaseMs) {
  const searches = [];
  const analyses = [];
  const stopAt = Date.now() + phaseMs;
  const searching = (async () => {
    for (let i = 0; Date.now() < stopAt; i++)
      searches.push(await search(cookie, queries[i % queries.length]));
  })();
  const analysing = (async () => {
    const gap = phaseMs / (ANALYSES + 1);
    for (let i = 0; i < ANALYSES; i++) {
      await new Promise((resolve) => setTimeout(resolve, gap / 2));
      analyses.push(await analyze(cookie, quickUrl(++quickN)));
    }
  })();
  await Promise.all([searching, analysing]);
  return { searches: summary(searches), analyses: summary(analyses) };
}

try {
  for (const started = Date.now(); ;) {
    if (app.exitCode !== null)
      throw new Error(`the embedded runtime exited (${app.exitCode}):\n${stderr}`);
    if (
      await fetch(`${origin}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 90_000) throw new Error(`not ready after 90 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const [flooderCookie, bystanderCookie] = [
    await signIn('Bench Flooder'),
    await signIn('Bench Bystander'),
  ];
  // Warm-up: a few analyses (the catalogue gets sites to search) and searches.
  for (let i = 0; i < 3; i++) await analyze(bystanderCookie, quickUrl(++quickN));
  for (const q of queries) await search(bystanderCookie, q);

  const idle = await bystander(bystanderCookie, PHASE_S * 1000);

  let flooding = true;
  let slowN = 0;
  const floodStatuses = {};
  const floodClient = async () => {
    while (flooding) {
      const { status } = await analyze(flooderCookie, slowUrl(++slowN));
      floodStatuses[status] = (floodStatuses[status] ?? 0) + 1;
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const flood = Array.from({ length: FLOOD }, floodClient);
  // Let the flood fill the queue before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const flooded = await bystander(bystanderCookie, PHASE_S * 1000);
  flooding = false;
  for (const timer of timers) clearTimeout(timer);
  await Promise.race([Promise.all(flood), new Promise((resolve) => setTimeout(resolve, 1_000))]);

  const result = {
    runtime: 'embedded',
    scheduling: `${UNFAIR ? 'caps lifted' : 'fair (defaults)'}${GATEWAY_LIMITS ? ', gateway analyze limit on' : ''}`,
    phaseSeconds: PHASE_S,
    floodClients: FLOOD,
    slowPageMs: SLOW_MS,
    slowPageBytes: SLOW_BYTES,
    idle,
    flood: flooded,
    flooderAnswers: floodStatuses,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`
| bystander (${result.scheduling}) | idle median / p95 (ms) | flood median / p95 (ms) | p95 flood / idle |
| --- | --- | --- | --- |
| search (n=${idle.searches.n} / ${flooded.searches.n}) | ${idle.searches.median} / ${idle.searches.p95} | ${flooded.searches.median} / ${flooded.searches.p95} | ${(flooded.searches.p95 / idle.searches.p95).toFixed(2)}× |
| analysis of a quick page (n=${idle.analyses.n} / ${flooded.analyses.n}) | ${idle.analyses.median} / ${idle.analyses.p95} | ${flooded.analyses.median} / ${flooded.analyses.p95} | ${(flooded.analyses.p95 / idle.analyses.p95).toFixed(2)}× |
Bystander answers other than 200: idle ${JSON.stringify([...idle.searches.notOk, ...idle.analyses.notOk])}, flood ${JSON.stringify([...flooded.searches.notOk, ...flooded.analyses.notOk])}; flooder's answers ${JSON.stringify(floodStatuses)}.`);
} finally {
  await cleanup();
}
