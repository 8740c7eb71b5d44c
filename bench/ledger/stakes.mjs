// Stakes per second in distributed style: the built `services/ledger/dist/main.js` as its own
// process on real PostgreSQL and Kafka, driven over HTTP by N concurrent clients, each a
// signed-in user; then the books are audited (conservation of bamboo, journal, pools, outbox).
//
//   node bench/ledger/stakes.mjs                 clients call the ledger directly, with the
//                                                identity header signed the way the gateway signs it
//   node bench/ledger/stakes.mjs --via gateway   the built gateway runs in front (distributed mode):
//                                                each client signs in through the development
//                                                identity provider and stakes with its session cookie
//
// Build first: npm run build (or at least config, contracts, db, events, jobs, platform, ledger
// and, for --via gateway, gateway).
// Env (defaults): BENCH_CLIENTS (100), BENCH_DURATION_S (20), BENCH_WARMUP_S (3), BENCH_SITES (50),
// DATABASE_URL (admin URL, postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
// created and dropped), KAFKA_BROKERS (127.0.0.1:9092), BENCH_PG_SOCKET (unset: TCP; a folder such as
// /var/run/postgresql: the services use PostgreSQL's Unix socket), BENCH_KEEP_DB=1 keeps the database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { IdentityTokens } from '@frenly/platform';
import pg from 'pg';
import { freePort, SignInBrowser, signInAs } from '@frenly/testing';
import { adminSql as admin } from '../lib/admin-sql.mjs';

const VIA = process.argv.includes('--via')
  ? process.argv[process.argv.indexOf('--via') + 1]
  : 'ledger';
if (VIA !== 'ledger' && VIA !== 'gateway') throw new Error('--via takes ledger or gateway');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const SITES = Number(process.env.BENCH_SITES ?? 50);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const GRANT = 1_000_000; // large enough that no client runs dry: the benchmark measures successful stakes
const runId = randomBytes(4).toString('hex');
const secret = randomBytes(32).toString('base64url');
const root = fileURLToPath(new URL('../../', import.meta.url));
// Identity headers as the gateway signs them, valid for the whole run.
const identityTokens = new IdentityTokens(secret, 3600);
const sign = (userId) =>
  identityTokens.sign({ userId, firstName: 'Bench', lastName: null, email: null });

// Bounded in time whatever happens (a stuck broker must not hang the run).
const hardStop = setTimeout(() => {
  console.error('ledger bench: gave up after 240 s');
  process.exit(1);
}, 240_000);
hardStop.unref();

/** CPU seconds used so far by processes whose command line matches, from /proc (Linux). */
function cpuSecondsOf(match) {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!match(cmd, Number(pid))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}
function cpuBreakdown() {
  const ids = new Set(children.map((c) => c.pid));
  return {
    ledger: cpuSecondsOf((_cmd, pid) => pid === children[0]?.pid),
    gateway: cpuSecondsOf((_cmd, pid) => ids.has(pid) && pid !== children[0]?.pid),
    // This database's backends (their titles name it); the server's shared processes (WAL writer…) count as "else".
    postgres: cpuSecondsOf((cmd) => cmd.startsWith('postgres') && cmd.includes(dbName)),
    kafka: cpuSecondsOf((cmd) => cmd.startsWith('java') && cmd.includes('kafka')),
    bench: cpuSecondsOf((_cmd, pid) => pid === process.pid),
    total:
      Number(
        readFileSync('/proc/stat', 'utf8')
          .split('\n')[0]
          .split(/\s+/)
          .slice(1, 8)
          .reduce((a, b) => a + Number(b), 0),
      ) / 100,
    idle: Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[4]) / 100,
  };
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

// --- infrastructure: scratch database, the ledger process ---------------------------------------
const dbName = `frenly_bench_ledger_${runId}`;
await admin(`create database "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
// BENCH_PG_SOCKET=/var/run/postgresql: the services reach PostgreSQL over its Unix socket instead of loopback TCP.
if (process.env.BENCH_PG_SOCKET) dbUrl.searchParams.set('host', process.env.BENCH_PG_SOCKET);
let stopping = false;
const children = [];
function startService(name, port, env) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      `${root}services/${name}/dist/main.js`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATABASE_URL: dbUrl.toString(),
        KAFKA_BROKERS: brokers.join(','),
        FRENLY_IDENTITY_SECRET: secret,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...env,
      },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited early (${signal ?? code}):\n${stderr}`);
      process.exit(1);
    }
  });
  children.push(child);
  return { child, stderr: () => stderr };
}
const port = await freePort();
const ledger = startService('ledger', port, {
  NODE_ENV: 'production',
  ...(process.env.BENCH_LEDGER_POOL ? { LEDGER_DB_POOL_SIZE: process.env.BENCH_LEDGER_POOL } : {}),
  LEDGER_SIGNUP_GRANT: String(GRANT),
  LEDGER_KNOWN_SITES_GROUP: `bench-ledger-known-sites-${runId}`,
});
const ledgerUrl = `http://127.0.0.1:${port}`;
let gatewayUrl;
if (VIA === 'gateway') {
  const gatewayPort = await freePort();
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  // Development mode: the development identity provider signs the clients in.
  startService('gateway', gatewayPort, {
    NODE_ENV: 'development',
    FRENLY_DEV_IDP: 'on',
    LEDGER_URL: ledgerUrl,
    FRENLY_PUBLIC_URL: gatewayUrl,
    FRENLY_RATE_LIMIT: process.env.FRENLY_RATE_LIMIT ?? 'false',
  });
}
const base = gatewayUrl ?? ledgerUrl;
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });

const sessionCookies = new Map();
function call(method, path, userId, body, target = base) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${target}${path}`,
      {
        method,
        agent,
        headers: {
          ...(userId && VIA === 'ledger' ? { 'x-frenly-identity': sign(userId) } : {}),
          ...(userId && VIA === 'gateway' ? { cookie: sessionCookies.get(userId) } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitUntil(url, what) {
  const started = performance.now();
  for (;;) {
    const ok = await call('GET', '', undefined, undefined, url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (performance.now() - started > 60_000)
      throw new Error(`${what} not ready after 60 s:\n${ledger.stderr()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
await waitUntil(`${ledgerUrl}/health/ready`, 'ledger');
// The gateway is not "ready" without search, analysis and realtime; it is live and forwards to the ledger.
if (gatewayUrl) await waitUntil(`${gatewayUrl}/health/live`, 'gateway');

// --- sites: announced on Kafka the way the search service announces them ------------------------
const { KafkaEventBus, makeEvent, silentLogger } = await import('@frenly/events');
const siteBus = new KafkaEventBus({
  brokers,
  clientId: `bench-ledger-${runId}`,
  logger: silentLogger,
});
// Far above real catalogue ids: other runs' ledgers on this broker may be listening.
const firstSiteId = 1_600_000_000 + randomBytes(3).readUIntBE(0, 3) * 16;
const siteIds = Array.from({ length: SITES }, (_, i) => firstSiteId + i);
await siteBus.publish(
  siteIds.map((siteId) =>
    makeEvent('search.site-indexed', siteId, {
      siteId,
      url: `https://bench-${siteId}.example/`,
      domain: `bench-${siteId}.example`,
      title: `Bench ${siteId}`,
      indexedAt: new Date().toISOString(),
    }),
  ),
);
await siteBus.close();
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
for (const started = performance.now(); ;) {
  const { rows } = await pool.query(
    'select count(*)::int as n from ledger.known_sites where site_id = any($1)',
    [siteIds],
  );
  if (rows[0].n === SITES) break;
  if (performance.now() - started > 60_000)
    throw new Error(`only ${rows[0].n}/${SITES} sites learnt after 60 s`);
  await new Promise((r) => setTimeout(r, 200));
}
// The ledger's fresh group reads search.site-indexed from the beginning: on a broker that other
// runs and tests have used, that is thousands of events. Wait until it has caught up, so that
// the backlog is not consumed inside the measured window.
{
  const { default: kafkajs } = await import('kafkajs');
  const admin = new kafkajs.Kafka({
    clientId: `bench-ledger-admin-${runId}`,
    brokers,
    logLevel: kafkajs.logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const group = `bench-ledger-known-sites-${runId}`;
  for (const started = performance.now(); ;) {
    const ends = await admin.fetchTopicOffsets('search.site-indexed');
    const [committed] = await admin.fetchOffsets({
      groupId: group,
      topics: ['search.site-indexed'],
    });
    const lag = ends.reduce((sum, end) => {
      const at = Number(
        committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? -1,
      );
      return sum + Math.max(0, Number(end.high) - Math.max(0, at));
    }, 0);
    if (lag === 0) break;
    if (performance.now() - started > 120_000)
      throw new Error(`the ledger still lags ${lag} site-indexed events after 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await admin.disconnect();
}

/**
 * Signs one person in through the gateway's development identity provider, like a browser
 * (the suites' SignInBrowser), and returns their user id and session cookie.
 */
async function signInThroughDevIdp(origin, name) {
  const browser = new SignInBrowser();
  await signInAs(browser, origin, name);
  const session = browser.cookie('frenly_session');
  if (!session) throw new Error(`no session after signing in ${name}`);
  const cookie = `frenly_session=${session}`;
  const me = await fetch(`${origin}/api/auth/user`, { headers: { cookie } });
  if (me.status !== 200)
    throw new Error(`signed in ${name} but /api/auth/user answered ${me.status}`);
  return { userId: (await me.json()).id, cookie };
}

// --- load: N clients, each a user, staking back to back ------------------------------------------
let users = Array.from({ length: CLIENTS }, (_, i) => `bench-${runId}-${i}`);
if (VIA === 'gateway') {
  // Each client signs in as a person would; the user id is whatever the gateway made of it.
  const signedIn = [];
  for (const name of users) signedIn.push(await signInThroughDevIdp(gatewayUrl, name));
  users = signedIn.map((s) => s.userId);
  signedIn.forEach((s) => sessionCookies.set(s.userId, s.cookie));
  // /api/auth/user asks the ledger for the balance: accounts + grants.
  await Promise.all(
    users.map((u) =>
      call('GET', '/api/auth/user', u).then((r) => {
        if (r.status !== 200) throw new Error(`auth/user ${r.status} ${r.text}`);
      }),
    ),
  );
} else {
  await Promise.all(users.map((u) => call('GET', '/api/ledger/balance', u))); // accounts + grants
}

const latencies = [];
const statusCounts = {};
const stakedByUser = new Map();
let measuring = false;
let stopAt = 0;
let placed = 0;
async function client(userId, index) {
  let i = index;
  while (performance.now() < stopAt) {
    i += 1;
    const body = {
      siteId: siteIds[(i * 7 + index) % SITES],
      amount: 1 + (i % 5),
      type: i % 3 === 0 ? 'concern' : 'support',
      ...(i % 4 === 0 ? { message: `bench ${i}` } : {}),
    };
    const t0 = performance.now();
    const res = await call('POST', '/api/stakes', userId, body);
    const ms = performance.now() - t0;
    if (res.status === 201) stakedByUser.set(userId, (stakedByUser.get(userId) ?? 0) + body.amount);
    if (measuring) {
      latencies.push(ms);
      statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
      if (res.status === 201) placed += 1;
    }
  }
}
const cpuBefore = process.cpuUsage();
stopAt = performance.now() + (WARMUP_S + DURATION_S) * 1000;
const run = Promise.all(users.map((u, i) => client(u, i)));
await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
measuring = true;
const measureStart = performance.now();
const cpuAtStart = cpuBreakdown();
await run;
const cpuAtEnd = cpuBreakdown();
const elapsedS = (performance.now() - measureStart) / 1000;
const clientCpu = process.cpuUsage(cpuBefore);

// --- after: outbox drained, books audited ------------------------------------------------------
const drainStart = performance.now();
let backlog = -1;
while (performance.now() - drainStart < 30_000) {
  backlog = (
    await pool.query('select count(*)::int as n from ledger.outbox where published_at is null')
  ).rows[0].n;
  if (backlog === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
const drainMs = Math.round(performance.now() - drainStart);
const { LedgerAuditRepository } = await import('@frenly/ledger');
const { openDatabase } = await import('@frenly/db');
const handle = await openDatabase({ databaseUrl: dbUrl.toString(), migrate: false, poolSize: 2 });
const audit = await new LedgerAuditRepository(handle.db).audit();
await handle.close();
const violations = [...audit.violations];
const totalStakedOk = [...stakedByUser.values()].reduce((a, b) => a + b, 0);
if (audit.sitePoolsTotal !== totalStakedOk)
  violations.push(`pools hold ${audit.sitePoolsTotal}, clients saw ${totalStakedOk} staked`);
if (audit.grantsTotal !== GRANT * CLIENTS)
  violations.push(`grants ${audit.grantsTotal} ≠ ${GRANT} × ${CLIENTS}`);
const balances = (
  await pool.query('select user_id, balance from ledger.accounts where kind = $1', ['user'])
).rows;
const wrongBalances = balances.filter(
  (r) => Number(r.balance) !== GRANT - (stakedByUser.get(r.user_id) ?? 0),
).length;
if (wrongBalances > 0)
  violations.push(`${wrongBalances} user balances differ from grant − their 201 stakes`);
const outboxRows = (
  await pool.query(
    "select count(*)::int as n from ledger.outbox where topic = 'ledger.stake-placed'",
  )
).rows[0].n;
if (outboxRows !== audit.stakes)
  violations.push(`${outboxRows} stake-placed outbox rows for ${audit.stakes} stakes`);
if (backlog !== 0) violations.push(`outbox backlog ${backlog} after 30 s`);
await pool.end();

stopping = true;
await Promise.all(
  children.map(
    (child) =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  ),
);
agent.destroy();
if (process.env.BENCH_KEEP_DB !== '1')
  await admin(`drop database if exists "${dbName}" with (force)`);

latencies.sort((a, b) => a - b);
const results = {
  via: VIA,
  postgres: process.env.BENCH_PG_SOCKET
    ? `unix socket ${process.env.BENCH_PG_SOCKET}`
    : 'tcp 127.0.0.1',
  ledgerPoolSize: Number(process.env.BENCH_LEDGER_POOL ?? 10),
  clients: CLIENTS,
  durationS: Number(elapsedS.toFixed(1)),
  stakesPerS: Math.round(placed / elapsedS),
  p50Ms: Number(percentile(latencies, 50).toFixed(1)),
  p99Ms: Number(percentile(latencies, 99).toFixed(1)),
  maxMs: Number(latencies[latencies.length - 1].toFixed(1)),
  statuses: statusCounts,
  stakesInBooks: audit.stakes,
  outboxDrainMs: drainMs,
  loadGeneratorCpuS: Number(((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)),
  // Share of the machine's CPU time during the measured window (2 cores = 200 %).
  cpuPercent: Object.fromEntries(
    Object.keys(cpuAtStart)
      .filter((k) => k !== 'total')
      .map((k) => [k, Math.round((100 * (cpuAtEnd[k] - cpuAtStart[k])) / elapsedS)]),
  ),
  // CPU milliseconds spent per successful stake, per process: a measure that other load on
  // the machine disturbs far less than stakes/s, and from which a dedicated machine's ceiling follows.
  cpuMsPerStake: Object.fromEntries(
    ['ledger', 'gateway', 'postgres', 'kafka', 'bench'].map((k) => [
      k,
      Number(((1000 * (cpuAtEnd[k] - cpuAtStart[k])) / Math.max(1, placed)).toFixed(2)),
    ]),
  ),
  violations,
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()[0].toFixed(2)} at the end`,
};
const table = [
  '| via | clients | seconds | stakes/s | p50 ms | p99 ms | max ms | answers | conservation |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  `| ${VIA} | ${results.clients} | ${results.durationS} | ${results.stakesPerS} | ${results.p50Ms} | ${results.p99Ms} | ${results.maxMs} | ${Object.entries(
    statusCounts,
  )
    .map(([s, n]) => `${n}× ${s}`)
    .join(
      ', ',
    )} | ${violations.length === 0 ? `ok (${audit.stakes} stakes, ${audit.grantsTotal} granted = ${audit.userAccountsTotal} in accounts + ${audit.sitePoolsTotal} in pools)` : violations.join('; ')} |`,
].join('\n');
console.log(table);
const cpu = results.cpuPercent;
console.log(
  `\nCPU during the run (% of one core; ${cpus().length} cores = ${cpus().length * 100}): ledger ${cpu.ledger}, ${VIA === 'gateway' ? `gateway ${cpu.gateway}, ` : ''}PostgreSQL backends of this database ${cpu.postgres}, Kafka ${cpu.kafka}, load generator ${cpu.bench}, idle ${cpu.idle}; everything else (other processes on the machine, shared PostgreSQL processes, kernel) ${cpus().length * 100 - cpu.ledger - cpu.gateway - cpu.postgres - cpu.kafka - cpu.bench - cpu.idle}`,
);
const perStake = results.cpuMsPerStake;
const serverMs = perStake.ledger + perStake.gateway + perStake.postgres + perStake.kafka;
console.log(
  `CPU ms per stake: ledger ${perStake.ledger}, ${VIA === 'gateway' ? `gateway ${perStake.gateway}, ` : ''}PostgreSQL ${perStake.postgres}, Kafka ${perStake.kafka}, load generator ${perStake.bench} → the service side needs ${serverMs.toFixed(2)} ms per stake: at most ~${Math.round((cpus().length * 1000) / serverMs)} stakes/s if these processes had the ${cpus().length} cores to themselves (load generator elsewhere), ~${Math.round((cpus().length * 1000) / (serverMs + perStake.bench))} with it on the same cores`,
);
console.log(
  `load generator CPU ${results.loadGeneratorCpuS} s over ${results.durationS + WARMUP_S} s; outbox drained ${drainMs} ms after the run; ${results.machine}`,
);
writeFileSync(
  new URL(
    `./results-${VIA}${process.env.BENCH_PG_SOCKET ? '-pg-socket' : ''}.json`,
    import.meta.url,
  ),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...results }, null, 2)}\n`,
);
process.exit(violations.length === 0 ? 0 : 1);
