// Analyzer pipeline time per page (network excluded) for 50 KB, 500 KB and 2 MB pages, p50 and
// p95, and Lighthouse (Debian's Chromium) on the same pages served on loopback, in one run.
//
//   npm run build -w @frenly/config -w @frenly/contracts -w @frenly/safe-fetch -w @frenly/analysis
//   node bench/analysis/pipeline-vs-lighthouse.mjs [--lighthouse-runs 2] [--no-lighthouse] [--doc]
//
// Prints a markdown table; writes bench/results/analysis-pipeline.json (and, with --doc, the
// "Analysis" section of docs/benchmarks.md). Bounded: at most ~3 × runs Lighthouse audits.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  analyzePage,
  CHECK_WEIGHTS,
  PATTERN_TYPES,
  TrackerCatalog,
} from '@frenly/analysis/pipeline';
import { SafeFetcher } from '@frenly/safe-fetch';
import { machineLine, updateSection } from '../lib/benchmarks-doc.mjs';
import { buildPage } from './pages.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const LIGHTHOUSE_RUNS = option('--lighthouse-runs', 2);
const SIZES = [
  { label: '50 KB', bytes: 50_000, runs: 60 },
  { label: '500 KB', bytes: 500_000, runs: 30 },
  { label: '2 MB', bytes: 2_000_000, runs: 15 },
];
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

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const pages = new Map(SIZES.map((size) => [`/${size.bytes}`, buildPage(size.bytes)]));
const server = createServer((req, res) => {
  const html = pages.get(req.url ?? '');
  if (!html) return res.writeHead(404).end();
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;
const urlOf = (size) => `http://127.0.0.1:${port}/${size.bytes}`;

const catalog = await TrackerCatalog.load();
const fetcher = new SafeFetcher({ allowList: [`127.0.0.1:${port}`] });
const results = [];

for (const size of SIZES) {
  // One real fetch through the SSRF-safe fetcher (timed on its own), then the pipeline alone.
  const fetchStarted = performance.now();
  const response = await fetcher.fetch(urlOf(size));
  const fetchMs = performance.now() - fetchStarted;
  const snapshot = {
    requestedUrl: urlOf(size),
    finalUrl: response.finalUrl,
    status: response.status,
    headers: response.headers,
    html: response.text(),
    tls: response.tls,
    certificateValid: response.certificateValid,
    redirects: response.redirects.length,
    bytes: response.body.length,
  };
  for (let i = 0; i < 3; i++) analyzePage(snapshot, catalog); // warm-up
  const times = [];
  let report;
  for (let i = 0; i < size.runs; i++) {
    const started = performance.now();
    report = analyzePage(snapshot, catalog);
    times.push(performance.now() - started);
  }
  results.push({
    page: size.label,
    bytes: snapshot.bytes,
    pipeline: {
      runs: size.runs,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
    },
    fetchMs: round(fetchMs),
    findings: {
      checks: report.evidence.checks.length,
      trackers: report.evidence.privacy.trackers.length,
      manipulativePatterns: report.evidence.manipulation.length,
      frenlinessScore: report.frenlinessScore,
    },
  });
}

let lighthouseInfo = null;
if (!flag('--no-lighthouse') && LIGHTHOUSE_RUNS > 0) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const userDataDir = mkdtempSync(join(tmpdir(), 'frenly-bench-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  try {
    for (const [index, size] of SIZES.entries()) {
      const times = [];
      let audits = 0;
      let categories = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const started = performance.now();
        const result = await lighthouse(urlOf(size), {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        times.push(performance.now() - started);
        audits = Object.keys(result.lhr.audits).length;
        categories = Object.keys(result.lhr.categories);
      }
      const entry = results[index];
      entry.lighthouse = {
        runs: LIGHTHOUSE_RUNS,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        runsMs: times.map((t) => round(t)),
      };
      entry.ratio = {
        pipelineP50: round(entry.lighthouse.p50Ms / entry.pipeline.p50Ms, 0),
        fetchPlusPipeline: round(
          entry.lighthouse.p50Ms / (entry.pipeline.p50Ms + entry.fetchMs),
          0,
        ),
      };
      lighthouseInfo = {
        version: (await import('lighthouse/package.json', { with: { type: 'json' } })).default
          .version,
        audits,
        categories,
      };
    }
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
server.close();

const coverage = {
  frenly: {
    checks: Object.keys(CHECK_WEIGHTS).length,
    manipulativePatternDetectors: Object.keys(PATTERN_TYPES).length,
    areas: [
      'accessibility (axe rule ids)',
      'clarity/readability',
      'low friction (modals, cookie walls, forced sign-up, autoplay, paste blocking)',
      'privacy (trackers by organisation and category)',
      'security headers (Observatory-style)',
      'manipulative design (Mathur et al. 2019)',
      'joy factor',
    ],
  },
  lighthouse: lighthouseInfo
    ? {
        audits: lighthouseInfo.audits,
        categories: lighthouseInfo.categories,
        version: lighthouseInfo.version,
      }
    : null,
};

const lines = [
  '| page | pipeline p50 | pipeline p95 | fetch (loopback, once) | Lighthouse p50 | Lighthouse p95 | Lighthouse ÷ pipeline p50 | Lighthouse ÷ (fetch + pipeline) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.page} (${r.bytes} B) | ${r.pipeline.p50Ms} ms | ${r.pipeline.p95Ms} ms | ${r.fetchMs} ms | ${r.lighthouse ? `${r.lighthouse.p50Ms} ms` : '—'} | ${r.lighthouse ? `${r.lighthouse.p95Ms} ms` : '—'} | ${r.ratio ? `${r.ratio.pipelineP50}×` : '—'} | ${r.ratio ? `${r.ratio.fetchPlusPipeline}×` : '—'} |`,
  ),
];
const notes = [
  `Pipeline runs per page: ${SIZES.map((s) => `${s.label} ${s.runs}`).join(', ')} (after 3 warm-up runs); Lighthouse ${LIGHTHOUSE_RUNS} run(s) per page (default categories, one Chromium kept open, launch time not counted; nearest-rank percentiles).`,
  `Coverage: Frenly ${coverage.frenly.checks} weighted checks + ${coverage.frenly.manipulativePatternDetectors} manipulative-pattern detectors over ${coverage.frenly.areas.length} areas (${coverage.frenly.areas.join('; ')})` +
    (coverage.lighthouse
      ? `; Lighthouse ${coverage.lighthouse.version}: ${coverage.lighthouse.audits} audits in ${coverage.lighthouse.categories.join(', ')} — no tracker attribution, no manipulative-design detection.`
      : '.'),
  'Lighthouse sees what a browser sees (contrast, layout, script-built DOM); the pipeline reads the HTML and headers only (docs/analysis-scoring.md).',
];
const table = `${lines.join('\n')}\n\n${notes.map((note) => `- ${note}`).join('\n')}`;
console.log(`\n${machineLine()}\n\n${table}\n`);

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/analysis-pipeline.json', import.meta.url),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machineLine(), results, coverage }, null, 2)}\n`,
);
if (flag('--doc'))
  updateSection(
    'analysis',
    'Analysis pipeline vs Lighthouse',
    'node bench/analysis/pipeline-vs-lighthouse.mjs --doc',
    table,
  );
