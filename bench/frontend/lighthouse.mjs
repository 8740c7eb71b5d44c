/* global document -- page.evaluate callbacks run in the browser */
// The frontend's numbers: the initial JavaScript of the search home (raw, gzip -9 as the
// issue counts it, and the bytes actually sent), then Lighthouse with Debian's Chromium on the
// search home and the results page, 5 runs each, medians. Against the built app served by the
// embedded runtime (fresh data folder), the way `npm start` serves it.
//
//   npx nx run-many -t build            # once
//   node bench/frontend/lighthouse.mjs [--runs 5] [--doc]
//
// Lighthouse runs with its defaults: mobile form factor, simulated Slow 4G and 4× CPU
// slowdown, storage reset before each run (every run is a first visit). Writes
// bench/results/frontend-lighthouse.json and, with --doc, the "Frontend" section of
// docs/benchmarks.md. Takes about 2 minutes.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { updateSection } from '../lib/benchmarks-doc.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = [
  { name: 'Search home', path: '/search' },
  { name: 'Search results', path: '/search?q=wikipedia' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'Speed Index', 'ms'],
];

for (const built of ['services/embedded/dist/main.js', 'frontend/dist/index.html']) {
  if (!existsSync(join(root, built)))
    throw new Error(`${built} is missing: run \`npx nx run-many -t build\` first`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startBackend() {
  const dir = mkdtempSync(join(tmpdir(), 'frenly-bench-frontend-'));
  // A copy of the build, so that a rebuild meanwhile cannot change what is measured.
  cpSync(join(root, 'frontend/dist'), join(dir, 'frontend'), { recursive: true });
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    FRENLY_DATA_DIR: join(dir, 'data'),
    FRONTEND_DIR: join(dir, 'frontend'),
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'NODE_OPTIONS'])
    delete env[name];
  const child = spawn(process.execPath, [join(root, 'services/embedded/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every script the search home loads until the network is idle: raw, gzip -9, and as sent. */
async function homeJavaScript(base) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const response = await request.response();
      const body = await response?.body().catch(() => null);
      if (!body) return;
      const sizes = await request.sizes();
      scripts.push({
        path: new URL(request.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        sent: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'identity',
      });
    });
    await page.goto(`${base}/search`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Frenly Search');
    const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
    return {
      scripts,
      raw: sum('raw'),
      gzip: sum('gzip'),
      sent: sum('sent'),
      encodings: [...new Set(scripts.map((s) => s.encoding))],
    };
  } finally {
    await browser.close();
  }
}

async function audit(base) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'frenly-lighthouse-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  const results = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      // One unmeasured run: the server's first answers (caches, JIT) are not what visitors get.
      await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      // A run that Lighthouse itself reports as broken (a runtime error, no score) is retried.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
        const { lhr } = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (lhr.runtimeError || lhr.categories.performance?.score == null) {
          process.stderr.write(
            `${page.name}: run discarded (${lhr.runtimeError?.code ?? 'no performance score'})\n`,
          );
          continue;
        }
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode),
          )
          .map((a) => `${a.id} (${a.score})`);
        runs.push({
          loadAverage: Number(loadavg()[0].toFixed(2)),
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ),
          metrics: Object.fromEntries(
            METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? null]),
          ),
          failing,
        });
        process.stderr.write(
          `${page.name} run ${runs.length}: ${JSON.stringify(runs.at(-1).scores)}${failing.length ? ` below 0.9: ${failing.join(', ')}` : ''}\n`,
        );
      }
      results.push({
        ...page,
        runs,
        median: {
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
          ),
          metrics: Object.fromEntries(
            METRICS.map(([id]) => [id, median(runs.map((r) => r.metrics[id]))]),
          ),
        },
      });
    }
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
  return results;
}

/**
 * Why the build precompresses: every script and stylesheet of the build, compressed the ways a
 * server could, with the time each takes (what compressing per request, or at start-up, costs).
 */
function compressionChoice() {
  const dir = join(root, 'frontend/dist/assets');
  const files = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name));
  const ways = {
    'gzip -6': (b) => gzipSync(b, { level: 6 }),
    'gzip -9': (b) => gzipSync(b, { level: 9 }),
    'brotli 5': (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    'brotli 11': (b) =>
      brotliCompressSync(b, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
        },
      }),
  };
  const contents = files.map((name) => readFileSync(join(dir, name)));
  const raw = contents.reduce((sum, b) => sum + b.length, 0);
  const rows = Object.entries(ways).map(([way, compress]) => {
    const started = performance.now();
    const bytes = contents.reduce((sum, b) => sum + compress(b).length, 0);
    return { way, bytes, ms: Math.round(performance.now() - started) };
  });
  return { files: files.length, raw, rows };
}

const compression = compressionChoice();
const backend = await startBackend();
let js;
let pages;
try {
  js = await homeJavaScript(backend.base);
  pages = await audit(backend.base);
} finally {
  await backend.stop();
}

const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } }))
  .default.version;
const chromiumVersion = await new Promise((resolve) => {
  const child = spawn(CHROME_PATH, ['--version']);
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.on('close', () => resolve(out.trim()));
});
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/frontend-lighthouse.json'),
  `${JSON.stringify({ at: new Date().toISOString(), lighthouseVersion, chromiumVersion, runs: RUNS, compression, homeJavaScript: js, pages }, null, 2)}\n`,
);

const formatMetric = (value, unit) =>
  value === null ? '—' : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);
const table = [
  `| Page | Performance | Accessibility | Best practices | SEO | ${METRICS.map(([, label]) => label).join(' | ')} |`,
  `|---|---|---|---|---|${METRICS.map(() => '---').join('|')}|`,
  ...pages.map(
    (p) =>
      `| ${p.name} (\`${p.path}\`) | ${CATEGORIES.map((c) => p.median.scores[c]).join(' | ')} | ${METRICS.map(([id, , unit]) => formatMetric(p.median.metrics[id], unit)).join(' | ')} |`,
  ),
].join('\n');
const runsLine = pages
  .map(
    (p) =>
      `${p.name}: performance ${p.runs.map((r) => r.scores.performance).join(', ')}; accessibility ${p.runs.map((r) => r.scores.accessibility).join(', ')}; TBT ${p.runs.map((r) => Math.round(r.metrics['total-blocking-time'])).join(', ')} ms; 1-minute load average ${p.runs.map((r) => r.loadAverage).join(', ')}`,
  )
  .join('. ');
const compressionTable = [
  '| Encoding | Bytes sent | Of raw | Time to compress them all |',
  '|---|---|---|---|',
  `| none | ${kib(compression.raw)} | 100 % | — |`,
  ...compression.rows.map(
    (r) =>
      `| ${r.way} | ${kib(r.bytes)} | ${Math.round((100 * r.bytes) / compression.raw)} % | ${r.ms} ms |`,
  ),
].join('\n');
const body = `
### Compressed static files

The ${compression.files} scripts and stylesheets of the build, compressed each way (one core):

${compressionTable}

The build writes brotli 11 and gzip -9 next to every text file (frontend/vite-plugins/precompress.ts):
the smallest bodies, for a cost paid once per build instead of per request or at every start.
The gateway serves them from memory by \`Accept-Encoding\` (services/gateway/src/frontend), and
compresses on first request (brotli 5, gzip -6) only what a build left uncompressed.

### Initial JavaScript of the search home

Every script \`/search\` loads until the network is idle (a visitor: the app shell, the session
check, the search home's own chunk): **${kib(js.gzip)} gzip -9** (goal: 150 KB or less), ${kib(js.raw)} raw,
${kib(js.sent)} as actually sent (${js.encodings.join(', ')}, precompressed at build time), in ${js.scripts.length} files.

### Lighthouse

Lighthouse ${lighthouseVersion}, ${chromiumVersion}, default settings (mobile, simulated Slow 4G
and 4× CPU slowdown, storage reset before every run), one unmeasured warm-up run per page, then
the median of ${RUNS} runs. Goals: performance 95 or more, accessibility 100.

${table}

Per run — ${runsLine}.
`;
console.log(body);
if (args.includes('--doc'))
  updateSection('frontend', 'Frontend', 'node bench/frontend/lighthouse.mjs --doc', body);
