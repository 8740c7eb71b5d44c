// Foundation benchmarks: embedded cold start, event-bus throughput on both adapters, and
// outbox -> Kafka -> consumer latency. Needs `npm run build` and `npm run infra:up` first.
// Usage: npm run bench:foundation
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { updateSection } from '../lib/benchmarks-doc.mjs';
import { markdownTable } from './bus-common.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const run = (script, ...args) =>
  execFileSync(process.execPath, [here(script), ...args], { stdio: 'inherit' });
const results = (name) => JSON.parse(readFileSync(here(`../results/${name}.json`), 'utf8'));

run('cold-start.mjs', '5');
run('bus-throughput.mjs');
run('outbox-latency.mjs');

const start = results('cold-start');
const bus = results('bus-throughput');
const outbox = results('outbox-latency').result;

const body = `
### Embedded cold start to ready (goal ≤ 5 s)
From spawning \`node services/embedded/dist/main.js\` (built; no \`npm ci\`) to the first 200 from \`/health/ready\`, 5 runs.

${markdownTable([
  {
    start: 'cold (empty data folder)',
    'median ms': start.coldMedianMs,
    runs: start.coldMs.join(', '),
  },
  {
    start: 'warm (same folder again)',
    'median ms': start.warmMedianMs,
    runs: start.warmMs.join(', '),
  },
])}

### Event bus throughput (one group, ~300-byte events)
${markdownTable(bus.results.map((r) => ({ adapter: r.adapter, events: r.events, 'publish/s': r.publishPerSec, 'publish→consume/s': r.consumedPerSec, 'end to end ms': r.endToEndMs })))}

### Outbox → Kafka → consumer latency
Commit on PostgreSQL, relay poked after the commit, Kafka, a consumer in the same process; ${outbox.events} events at ${outbox.ratePerSec}/s.

${markdownTable([{ p50: `${outbox.p50Ms} ms`, p90: `${outbox.p90Ms} ms`, p99: `${outbox.p99Ms} ms`, max: `${outbox.maxMs} ms` }])}
`;
updateSection('foundation', 'Foundation', 'npm run bench:foundation', body);
console.log('docs/benchmarks.md updated (Foundation)');
