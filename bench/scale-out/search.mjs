// Scale out (issue 8): search throughput through the front door with 1 and 2 instances each of
// search and realtime behind the gateway, and every live update delivered to every client.
//
// Rows, in one run:
//  - embedded runtime (one process, PGlite), for reference;
//  - distributed, 1 and 2 instances, unlimited: every process shares the machine's cores;
//  - distributed, 1 and 2 instances, each search instance held to its own CPU quota
//    (BENCH_SEARCH_CPU, default 0.25 CPU, like a Kubernetes `resources.limits.cpu`) by a cgroup
//    (bench/lib/cpu-limit.mjs). That is how instances run in production, each with its own
//    allowance, and what makes a second instance add capacity on a small shared machine.
//    Without cgroups (not Linux, not root, cgroup v2 only) these rows are skipped and the doc says why.
// Each row: a closed loop of BENCH_CLIENTS concurrent clients (default 16) over a fixed mix of
// queries for BENCH_DURATION_S seconds (default 15) after BENCH_WARMUP_S (3) of warm-up;
// requests/s, p50, p99, failures, and the CPU each process used while measured (from /proc).
// Live updates: with 2 realtime instances, BENCH_LIVE_CLIENTS signed-in websocket clients (20)
// through the gateway, BENCH_LIVE_VOTES votes (5) on different sites, every client must get
// every vote's update.
// Needs `npm run build` and `npm run infra:up`; the quota rows need root. Usage: npm run bench:scale-out
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ApiUser, DistributedTopology, freePort, waitFor } from '@frenly/testing';
import { WebSocket } from 'ws';
import { updateSection } from '../lib/benchmarks-doc.mjs';
import { cpuLimitSupport, limitCpu, removeStaleGroups } from '../lib/cpu-limit.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const SEARCH_CPU = Number(process.env.BENCH_SEARCH_CPU ?? 0.25);
// cpu.shares of each search instance's group: high enough that the instance gets its quota even
// while other people's work loads the machine (a pod whose CPU request equals its limit).
const SEARCH_SHARES = Number(process.env.BENCH_SEARCH_SHARES ?? 8192);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIVE_CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 20);
const LIVE_VOTES = Number(process.env.BENCH_LIVE_VOTES ?? 5);
// BENCH_ROWS=limited (or embedded,unlimited,limited in any subset) for a quick look: printed only,
// the doc is written by full runs.
const ROWS = (process.env.BENCH_ROWS ?? 'embedded,unlimited,limited').split(',');
const FULL_RUN = ['embedded', 'unlimited', 'limited'].every((r) => ROWS.includes(r));
const TICKS_PER_S = 100; // USER_HZ of /proc/<pid>/stat (100 on every Linux this runs on)
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// Words and phrases the seed corpus answers, typos included, 1–3 terms.
const QUERIES = [
  'news',
  'weather',
  'open source',
  'privacy tools',
  'learn python',
  'recipes',
  'maps',
  'wikipedia',
  'music streaming',
  'online shopping',
  'bank',
  'travel deals',
  'programing',
  'encyclopdia',
  'email',
  'video',
  'dictionary',
  'sports scores',
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
function get(url) {
  return new Promise((resolve) => {
    const started = performance.now();
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      })
      .on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

// --- CPU accounting from /proc -----------------------------------------------------------------

/** CPU seconds used so far by each matching process (all its threads), by PID, and the machine's idle seconds. */
function cpuSnapshot(matchers) {
  const byPid = new Map();
  for (const pid of readdirProc()) {
    let cmd;
    let fields;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      continue; // exited meanwhile
    }
    const key = Object.keys(matchers).find((k) => matchers[k](Number(pid), cmd));
    if (key)
      byPid.set(pid, { key, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S }); // utime + stime
  }
  const cpuLine = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { byPid, idle: (cpuLine[3] + cpuLine[4]) / TICKS_PER_S }; // idle + iowait, all cores
}

/** CPU seconds each key used between two snapshots: per process, so that processes that come or go (pooled PostgreSQL backends) count only for what they did in between. */
function cpuUsedBetween(start, end, keys) {
  const used = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const [pid, { key, seconds }] of end.byPid)
    used[key] += seconds - (start.byPid.get(pid)?.seconds ?? 0);
  used.idle = end.idle - start.idle;
  return used;
}
const readdirProc = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d));

/** Which processes to account for in a row: each search instance, the gateway, PostgreSQL of this database… */
function matchersFor(topology) {
  const matchers = {};
  if (topology) {
    for (const i of topology.instances)
      matchers[`${i.service}#${i.index}`] = (pid) => pid === i.process.child.pid;
    matchers.postgres = (_pid, cmd) =>
      cmd.startsWith('postgres') && cmd.includes(` ${topology.database.name} `);
  }
  matchers.bench = (pid) => pid === process.pid;
  return matchers;
}

// --- Load ------------------------------------------------------------------------------------

async function measure(label, base, { topology, limit, groups = [] } = {}) {
  const matchers = matchersFor(topology);
  let measuring = false;
  let cpuStart;
  let throttleStart;
  const latencies = [];
  let failures = 0;
  const load = loadavg()[0];
  const stopAt = performance.now() + (WARMUP_S + DURATION_S) * 1000;
  setTimeout(() => {
    measuring = true;
    cpuStart = { at: performance.now(), cpu: cpuSnapshot(matchers) };
    throttleStart = groups.map((g) => g.throttling());
  }, WARMUP_S * 1000);
  let started = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; performance.now() < stopAt; i++) {
        const { status, ms } = await get(
          `${base}/api/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`,
        );
        if (!measuring) continue;
        if (!started) started = performance.now() - ms;
        if (status === 200) latencies.push(ms);
        else failures++;
      }
    }),
  );
  const cpuEnd = { at: performance.now(), cpu: cpuSnapshot(matchers) };
  const wall = (cpuEnd.at - cpuStart.at) / 1000;
  // % of one core while measured, per process group.
  const used = cpuUsedBetween(cpuStart.cpu, cpuEnd.cpu, Object.keys(matchers));
  const cpu = Object.fromEntries(
    Object.entries(used).map(([k, v]) => [k, Math.round((100 * v) / wall)]),
  );
  const throttled = groups.map((g, i) => {
    const end = g.throttling();
    const periods = end.periods - throttleStart[i].periods;
    return periods ? Math.round((100 * (end.throttled - throttleStart[i].throttled)) / periods) : 0;
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const result = {
    topology: label,
    limit,
    load: +load.toFixed(2),
    requests: latencies.length,
    failures,
    rps: Math.round(latencies.length / seconds),
    p50Ms: +at(50).toFixed(1),
    p99Ms: +at(99).toFixed(1),
    cpu,
    throttled,
  };
  console.log(JSON.stringify(result));
  return result;
}

async function embedded() {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'frenly-bench-scale-'));
  const child = spawn(process.execPath, [join(repoRoot, 'services/embedded/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      FRENLY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FRENLY_RATE_LIMIT: 'false',
      DATABASE_URL: '',
      KAFKA_BROKERS: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if ((await get(`${base}/health/ready`)).status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// --- Live updates across realtime instances ----------------------------------------------------

/** A counter or gauge in a Prometheus text exposition, summed over its label sets. */
async function metricSum(baseUrl, name) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(name))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

async function openLive(user) {
  const updates = [];
  const socket = new WebSocket(`${user.base.replace('http', 'ws')}/ws`, {
    headers: { Origin: user.base, Cookie: user.browser.cookieHeader() },
  });
  socket.on('message', (data) => updates.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, updates };
}

/** N clients through the gateway, V votes on V sites: how many of the N×V updates arrive. */
async function liveUpdates(topology) {
  const users = [];
  for (let i = 0; i < LIVE_CLIENTS; i++)
    users.push(await ApiUser.signIn(topology.url, `Bench Live ${i}`));
  const clients = await Promise.all(users.map((u) => openLive(u)));
  try {
    const realtime = topology.instances.filter((i) => i.service === 'realtime');
    const perInstance = await Promise.all(
      realtime.map((i) => metricSum(i.url, 'realtime_open_connections')),
    );
    const siteIds = [];
    for (const q of QUERIES) {
      const found = await (
        await fetch(`${topology.url}/api/search?q=${encodeURIComponent(q)}`)
      ).json();
      for (const r of found.results ?? []) if (!siteIds.includes(r.id)) siteIds.push(r.id);
      if (siteIds.length >= LIVE_VOTES) break;
    }
    const votes = [];
    for (const [v, siteId] of siteIds.slice(0, LIVE_VOTES).entries()) {
      const voter = users[v % users.length];
      const answer = await waitFor(
        async () => {
          const res = await voter.call('POST', `/api/sites/${siteId}/vote`, { type: 'up' });
          return res.status === 200 ? res.json() : undefined;
        },
        30_000,
        200,
        `the vote on site ${siteId} (once the ledger knows it)`,
      );
      votes.push({ siteId, upvotes: answer.upvotes, downvotes: answer.downvotes });
    }
    const votedAt = performance.now();
    const got = (client, vote) =>
      client.updates.some(
        (m) =>
          m.type === 'vote_update' &&
          m.siteId === vote.siteId &&
          m.upvotes === vote.upvotes &&
          m.downvotes === vote.downvotes,
      );
    const delivered = () => clients.reduce((n, c) => n + votes.filter((v) => got(c, v)).length, 0);
    const expected = clients.length * votes.length;
    await waitFor(
      () => (delivered() === expected ? true : undefined),
      15_000,
      20,
      'every update on every socket',
    ).catch(() => undefined);
    const result = {
      clients: clients.length,
      socketsPerInstance: perInstance,
      votes: votes.length,
      expected,
      delivered: delivered(),
      allWithinMs: Math.round(performance.now() - votedAt),
    };
    console.log(JSON.stringify({ live: result }));
    return result;
  } finally {
    for (const c of clients) c.socket.close();
  }
}

// --- The run -----------------------------------------------------------------------------------

const stale = removeStaleGroups();
if (stale.length) console.log(`removed CPU groups left by earlier runs: ${stale.join(', ')}`);
const support = cpuLimitSupport();
if (!support.available)
  console.log(`CPU quotas unavailable, running the unlimited rows only: ${support.reason}`);

const loadAtStart = loadavg().map((l) => l.toFixed(2));
const results = [];
let live;
if (ROWS.includes('embedded')) {
  const app = await embedded();
  results.push(await measure('embedded (one process, PGlite)', app.base, { limit: null }));
  await app.stop();
}
/**
 * The 1-instance and the 2-instance topology (same limit) run side by side and are measured in
 * turns, 1-2, 2-1, 1-2…, so that other work on the machine weighs on both alike; each is reported
 * by its median round.
 */
async function pair(limit) {
  const topologies = [];
  const groups = [];
  try {
    for (const n of [1, 2]) {
      const topology = await DistributedTopology.start({
        instances: { search: n, realtime: n },
        env: { FRENLY_RATE_LIMIT: 'false' },
      });
      topologies.push(topology);
      const own = limit
        ? topology.instances
            .filter((x) => x.service === 'search')
            .map((i) =>
              limitCpu(i.process.child.pid, limit, {
                label: `search${n}x${i.index}`,
                shares: SEARCH_SHARES,
              }),
            )
        : [];
      groups.push(own);
    }
    const rounds = [[], []];
    for (let r = 0; r < ROUNDS; r++) {
      for (const k of r % 2 ? [1, 0] : [0, 1]) {
        const n = k + 1;
        rounds[k].push(
          await measure(`distributed, ${n} search + ${n} realtime`, topologies[k].url, {
            topology: topologies[k],
            limit,
            groups: groups[k],
          }),
        );
      }
    }
    if (!limit) live = await liveUpdates(topologies[1]);
    const median = (rows) =>
      [...rows].sort((a, b) => a.rps - b.rps)[Math.floor((rows.length - 1) / 2)];
    const [one, two] = rounds.map((rows) => ({
      ...median(rows),
      rounds: rows.map((x) => x.rps),
      failures: rows.reduce((n, x) => n + x.failures, 0),
    }));
    two.roundRatios = rounds[1].map((x, r) => x.rps / rounds[0][r].rps);
    return [one, two];
  } finally {
    for (const g of groups.flat()) g.release();
    await Promise.all(topologies.map((t) => t.stop()));
  }
}
if (ROWS.includes('unlimited')) results.push(...(await pair(null)));
if (support.available && ROWS.includes('limited')) results.push(...(await pair(SEARCH_CPU)));
agent.destroy();
const loadAtEnd = loadavg().map((l) => l.toFixed(2));

// --- Report ------------------------------------------------------------------------------------

const baseline = (r) => results.find((x) => x.topology.includes('1 search') && x.limit === r.limit);
const limitText = (r) => (r.limit ? `${r.limit} CPU each` : 'none');
const searchCpu = (r) =>
  Object.entries(r.cpu)
    .filter(([k]) => k.startsWith('search#'))
    .map(([, v]) => `${v}%`)
    .join(' + ') || '—';
const table = [
  `| topology | search CPU limit | requests/s (median round) | every round | p50 ms | p99 ms | failed (all rounds) | × 1 instance (same limit) | load avg at start |`,
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.topology} | ${r.topology.startsWith('embedded') ? '—' : limitText(r)} | ${r.rps} | ${r.rounds ? r.rounds.join(', ') : '—'} | ${r.p50Ms} | ${r.p99Ms} | ${r.failures} | ${r.topology.startsWith('embedded') ? '—' : (r.rps / baseline(r).rps).toFixed(2)} | ${r.load} |`,
  ),
].join('\n');
const cpuTable = [
  '| topology | search limit | search instances (each) | periods throttled | gateway | realtime | PostgreSQL (this database) | load generator | idle (2 cores = 200%) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results
    .filter((r) => !r.topology.startsWith('embedded'))
    .map((r) => {
      const realtimeCpu = Object.entries(r.cpu)
        .filter(([k]) => k.startsWith('realtime#'))
        .reduce((s, [, v]) => s + v, 0);
      return `| ${r.topology} | ${limitText(r)} | ${searchCpu(r)} | ${r.throttled.length ? r.throttled.map((t) => `${t}%`).join(' + ') : '—'} | ${r.cpu['gateway#0']}% | ${realtimeCpu}% | ${r.cpu.postgres}% | ${r.cpu.bench}% | ${r.cpu.idle}% |`;
    }),
].join('\n');
console.log(`${table}\n\n${cpuTable}`);
if (!FULL_RUN) {
  console.log(`BENCH_ROWS=${ROWS.join(',')}: not a full run, docs/benchmarks.md left as it is`);
  process.exit(0);
}

const unlimited = results.filter((r) => !r.topology.startsWith('embedded') && !r.limit);
const limited = results.filter((r) => r.limit);
const ratio = (rows) => (rows.length === 2 ? (rows[1].rps / rows[0].rps).toFixed(2) : 'n/a');
const roundRatios = (rows) => (rows[1]?.roundRatios ?? []).map((x) => x.toFixed(2)).join(', ');
const liveText = live
  ? `**Live updates with 2 realtime instances** (the unlimited 2-instance topology, after its rounds): ${live.clients} signed-in websocket clients through the gateway, ` +
    `spread ${live.socketsPerInstance.join(' / ')} over the two realtime instances; ${live.votes} votes on ${live.votes} sites; ` +
    `**${live.delivered} of ${live.expected}** updates delivered (every client, every vote)${live.delivered === live.expected ? `, all within ${live.allWithinMs} ms of the last vote's answer` : ''}. ` +
    'Each realtime instance reads every event in its own consumer group (docs/realtime.md); `services/gateway/test/scale-out.int-spec.ts` asserts the same in CI.'
  : 'Live updates: not measured in this run.';
const highLoad =
  Number(loadAtStart[0]) > cpus().length || results.some((r) => r.load > cpus().length);
const sumSearch = (r) =>
  Object.entries(r.cpu)
    .filter(([k]) => k.startsWith('search#'))
    .reduce((n, [, v]) => n + v, 0);
const cpuPerRequestMs = (r, key) =>
  ((10 * (key === 'search' ? sumSearch(r) : r.cpu[key])) / r.rps).toFixed(1); // % of a core ÷ req/s → ms
const unlimitedText =
  unlimited.length === 2
    ? `**Unlimited:** 2 instances ÷ 1 = **${ratio(unlimited)}** (medians; round by round ${roundRatios(unlimited)}). Every process here, the load generator included, shares the same ${cpus().length} cores ` +
      `(idle ${unlimited[0].cpu.idle}% and ${unlimited[1].cpu.idle}% of ${cpus().length * 100}% during the two runs). A second search process brings no CPU of its own: ` +
      `it can only take some from the other processes on those cores (the search instances got ${sumSearch(unlimited[0])}% of a core with one instance, ` +
      `${sumSearch(unlimited[1])}% together with two), and one search process was not the limit to begin with (${sumSearch(unlimited[0])}% of a core, ` +
      'not the 100% its one event loop could use). Per request, search needs about ' +
      `${cpuPerRequestMs(unlimited[0], 'search')} ms of CPU, PostgreSQL ${cpuPerRequestMs(unlimited[0], 'postgres')} ms and the gateway ${cpuPerRequestMs(unlimited[0], 'gateway#0')} ms ` +
      '(one-instance run); what bounds the throughput is the sum of those on 2 cores, so the difference between these two rows is the scheduler ' +
      'and the load of the moment, not capacity. That is not what scale-out is for.'
    : '';
const bothAtQuota = limited.length === 2 && Math.min(...limited[1].throttled) >= 90;
const limitedText =
  limited.length === 2
    ? `**Each search instance with its own ${SEARCH_CPU} CPU:** 2 instances ÷ 1 = **${ratio(limited)}** (medians ${limited[0].rps} → ${limited[1].rps} requests/s; round by round ${roundRatios(limited)}; ` +
      `p50 ${limited[0].p50Ms} → ${limited[1].p50Ms} ms, p99 ${limited[0].p99Ms} → ${limited[1].p99Ms} ms). With one instance the search process is the bottleneck: ` +
      `it sits at its quota (${searchCpu(limited[0])} of a core, throttled in ${limited[0].throttled[0]}% of the periods) while the gateway used ` +
      `${limited[0].cpu['gateway#0']}% and PostgreSQL ${limited[0].cpu.postgres}%${limited[0].cpu.idle > 10 ? `, and ${limited[0].cpu.idle}% of the machine stayed idle` : ''}; ` +
      `they had room (${limited[1].cpu['gateway#0']}% and ${limited[1].cpu.postgres}% in the 2-instance run). ` +
      `A second instance brings a second allowance and the gateway spreads the searches over both (${searchCpu(limited[1])}). ` +
      (bothAtQuota
        ? 'Both stayed at their quota, so throughput grew with the CPU the instances were allowed. '
        : `The two were not always at their quota (throttled in ${limited[1].throttled.join('% and ')}% of the periods): the parts that are not ` +
          `limited per instance (gateway ${limited[1].cpu['gateway#0']}%, PostgreSQL ${limited[1].cpu.postgres}%, the load generator, ` +
          `${highLoad ? "and other people's work on the same cores" : 'on the same cores'}; idle ${limited[1].cpu.idle}%) were what held it below 2×. `) +
      `Search CPU per request: ${cpuPerRequestMs(limited[0], 'search')} ms with one instance, ${cpuPerRequestMs(limited[1], 'search')} ms with two` +
      `${Number(ratio(limited)) > 2 ? ' (a ratio above 2 is within the noise of a machine shared with other work)' : ''}. ` +
      'This is the production case: each instance has its own CPU allowance, so throughput grows with instances until a shared part (the gateway, PostgreSQL) becomes the limit.'
    : '';

updateSection(
  'scale-out',
  'Scale out: search through the front door',
  'npm run bench:scale-out',
  `
${CLIENTS} concurrent clients in a closed loop (keep-alive) over a fixed mix of ${QUERIES.length} queries (1–3 terms, two typos) on the
seed corpus, ${DURATION_S} s measured after ${WARMUP_S} s of warm-up, through the gateway (the embedded process's own edge
in the embedded runtime); rate limits off for the load. Each distributed configuration is measured ${ROUNDS} times: the 1- and the
2-instance topology of a pair run side by side and take turns (1-2, 2-1, 1-2…), so that other work on the machine weighs on
both alike; the tables show each configuration's median round. The distributed runs use the built services as separate processes
on PostgreSQL, Redis and Kafka (\`DistributedTopology\` of @frenly/testing), with as many realtime instances as search instances.
Load average ${loadAtStart.join(' / ')} (1 / 5 / 15 min) at the start, ${loadAtEnd.join(' / ')} at the end${highLoad ? ": **other people's work was running on the same 2 cores**, so absolute figures are low and noisy; compare rows of this run with each other" : ''}.
${support.available ? `In the quota rows each search instance runs in its own cgroup limited to **${SEARCH_CPU} CPU** (CFS quota ${Math.round(SEARCH_CPU * 100)} ms per 100 ms, \`bench/lib/cpu-limit.mjs\`), as a pod with \`resources.limits.cpu: ${SEARCH_CPU * 1000}m\` would, and with cpu.shares ${SEARCH_SHARES} so that it gets that quota even while other work loads the machine (a pod whose CPU request equals its limit); gateway, realtime, PostgreSQL and the load generator are not limited.` : `**Quota rows skipped:** ${support.reason}. Run as root on Linux with cgroup v1 to get them.`}

${table}

CPU while measured (% of one core, from /proc; "periods throttled" = share of 100 ms periods in which the search instance used up its quota):

${cpuTable}

${unlimitedText}

${limitedText}

${liveText}

Embedded ÷ distributed (1, unlimited): ${(results[0].rps / unlimited[0].rps).toFixed(2)}.
`,
  { loadAtStart: loadAtStart[0] },
);
console.log('docs/benchmarks.md updated (Scale out)');
process.exit(0);
