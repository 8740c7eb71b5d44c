// Search throughput through the front door in three topologies, in one run (issue 8):
// the embedded runtime, the distributed runtime, and distributed with 2 search instances.
// Each: a closed loop of BENCH_CLIENTS concurrent clients (default 16) over a fixed mix of
// queries for BENCH_DURATION_S seconds (default 15) after a warm-up; requests/s, p50, p99.
// Needs `npm run build` and `npm run infra:up`. Usage: npm run bench:scale-out
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DistributedTopology, freePort } from '@frenly/testing';
import { updateSection } from '../lib/benchmarks-doc.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// Words and phrases the seed corpus answers, typos included, 1–3 terms.
const QUERIES = [
  'news', 'weather', 'open source', 'privacy tools', 'learn python', 'recipes', 'maps', 'wikipedia', 'music streaming',
  'online shopping', 'bank', 'travel deals', 'programing', 'encyclopdia', 'email', 'video', 'dictionary', 'sports scores',
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
function get(url) {
  return new Promise((resolve) => {
    const started = performance.now();
    http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
    }).on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

async function measure(label, base) {
  let measuring = false;
  const latencies = [];
  let failures = 0;
  const stopAt = performance.now() + (WARMUP_S + DURATION_S) * 1000;
  setTimeout(() => (measuring = true), WARMUP_S * 1000);
  let started = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = c; performance.now() < stopAt; i++) {
      const { status, ms } = await get(`${base}/api/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`);
      if (!measuring) continue;
      if (!started) started = performance.now() - ms;
      if (status === 200) latencies.push(ms);
      else failures++;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const result = { topology: label, requests: latencies.length, failures, rps: Math.round(latencies.length / seconds), p50Ms: +at(50).toFixed(1), p99Ms: +at(99).toFixed(1) };
  console.log(JSON.stringify(result));
  return result;
}

async function embedded() {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'frenly-bench-scale-'));
  const child = spawn(process.execPath, [join(repoRoot, 'services/embedded/dist/main.js')], {
    env: { ...process.env, PORT: String(port), FRENLY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', FRENLY_RATE_LIMIT: 'false', DATABASE_URL: '', KAFKA_BROKERS: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if ((await get(`${base}/health/ready`)).status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: async () => { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); await rm(dataDir, { recursive: true, force: true }); } };
}

const results = [];
{
  const app = await embedded();
  results.push(await measure('embedded (one process, PGlite)', app.base));
  await app.stop();
}
for (const searchInstances of [1, 2]) {
  const topology = await DistributedTopology.start({ instances: { search: searchInstances }, env: { FRENLY_RATE_LIMIT: 'false' } });
  try {
    results.push(await measure(`distributed, ${searchInstances} search instance${searchInstances > 1 ? 's' : ''}`, topology.url));
  } finally {
    await topology.stop();
  }
}
agent.destroy();

const [emb, one, two] = results;
const table = [
  '| topology | requests/s | p50 ms | p99 ms | failed | × distributed with 1 search |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map((r) => `| ${r.topology} | ${r.rps} | ${r.p50Ms} | ${r.p99Ms} | ${r.failures} | ${(r.rps / one.rps).toFixed(2)} |`),
].join('\n');
console.log(table);
updateSection('scale-out', 'Scale out: search through the front door', 'npm run bench:scale-out', `
${CLIENTS} concurrent clients in a closed loop (keep-alive) over a fixed mix of ${QUERIES.length} queries (1–3 terms, two typos) on the
seed corpus, ${DURATION_S} s measured after ${WARMUP_S} s of warm-up, through the gateway (the embedded process's own edge
in the embedded runtime); rate limits off for the load. The distributed runs use the built services as separate processes
on PostgreSQL, Redis and Kafka (\`DistributedTopology\` of @frenly/testing); everything, load generator included, shares the
same 2 cores, so a second search instance can only help as far as the search process (not PostgreSQL) is the bottleneck.

${table}

Ratio 2 instances ÷ 1: **${(two.rps / one.rps).toFixed(2)}**; embedded ÷ distributed (1): ${(emb.rps / one.rps).toFixed(2)}.
`);
console.log('docs/benchmarks.md updated (Scale out)');
process.exit(0);
