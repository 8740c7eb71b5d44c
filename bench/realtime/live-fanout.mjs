// Realtime fan-out benchmark: N websocket clients on ONE realtime instance (its built dist, on
// Kafka), votes cast at a steady rate through the ledger's HTTP API (PostgreSQL, outbox, Kafka),
// latency from sending each vote to each client receiving its vote_update, and memory per
// connection. Bounded: a fixed number of votes, then everything stops.
//
// Needs `npm run build` (at least realtime and ledger) and `npm run infra:up`.
// Usage: node bench/realtime/live-fanout.mjs [--clients 5000] [--rate 10] [--duration 30]
//        [--warmup 3] [--workers 2] [--sites 20]
//        [--client-nice 0]
// Prints a markdown table; writes bench/results/realtime-fanout.json. Everything (server, ledger,
// PostgreSQL, Kafka and the client workers) shares this machine's cores: see the load average.
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, setPriority, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: argv } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    clients: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '10' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    sites: { type: 'string', default: '20' },
    'client-nice': { type: 'string', default: '0' },
  },
});

/** 0.1 ms buckets up to 10 s; the last bucket holds everything slower. */
const HISTOGRAM_BUCKETS = 100_000;

/** A clock shared by every process on the machine (CLOCK_MONOTONIC), in ms. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

if (argv.role === 'clients') await runClients();
else await runMain();

// ---------------------------------------------------------------------------------------------
// Main: infrastructure, processes, votes, results.
async function runMain() {
  // --clients 1000,5000: one full run (fresh processes and database) per size.
  const sizes = argv.clients.split(',').map(Number);
  ensureFileLimit(Math.max(...sizes) + 2_000);
  const runs = [];
  for (const clients of sizes) {
    runs.push(
      await runOnce({
        clients,
        ratePerSec: Number(argv.rate),
        durationSec: Number(argv.duration),
        warmupSec: Number(argv.warmup),
        workers: Number(argv.workers),
        sites: Number(argv.sites),
        clientNice: Number(argv['client-nice']),
      }),
    );
  }
  const table = markdownTable(
    runs.map((result) => ({
      clients: result.connections.open,
      'votes/s': result.votes.achievedRatePerSec,
      'deliveries/s': result.delivery.messagesPerSec,
      'p50 ms': result.delivery.p50Ms,
      'p90 ms': result.delivery.p90Ms,
      'p99 ms': result.delivery.p99Ms,
      'max ms': result.delivery.maxMs,
      lost: result.delivery.missing,
      'RSS/conn KiB': result.memory.rssPerConnectionKiB,
      'heap/conn KiB': result.memory.heapPerConnectionKiB,
      'vote HTTP p50/p99 ms': `${result.voteResponse.p50Ms} / ${result.voteResponse.p99Ms}`,
      'event→queued mean ms': result.server.fanoutDelayMeanMs,
      'broadcast pass mean ms': result.server.broadcastMeanMs,
      'load avg (1 min)': result.loadAverageAtStart[0],
    })),
  );
  console.log(
    `\n### Realtime fan-out: vote → vote_update on every client (goal p99 ≤ 250 ms)\n\n${table}\n`,
  );
  for (const result of runs) {
    console.log(
      `${result.connections.open} clients: goal met ${result.goal.met}; connections failed ${result.connections.failed}; ` +
        `slow/dead drops ${result.server.clientsDroppedSlow}/${result.server.clientsDroppedDead}; vote count mismatches ${result.votes.countMismatches}`,
    );
  }
  const out = new URL('../results/realtime-fanout.json', import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ machine: machine(), runs }, null, 2)}\n`);
  console.log(`written ${fileURLToPath(out)}`);
  process.exit(0);
}

async function runOnce(settings) {
  const loadAtStart = loadavg().map((n) => round(n, 2));

  const [
    { default: pg },
    { default: kafkajs },
    { IdentityTokens, IDENTITY_HEADER },
    { KafkaEventBus, makeEvent, silentLogger },
    { Topics },
  ] = await Promise.all([
    import('pg'),
    import('kafkajs'),
    import('@frenly/platform'),
    import('@frenly/events'),
    import('@frenly/contracts'),
  ]);

  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
  const postgresUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const runId = randomBytes(4).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const tokens = new IdentityTokens(secret);
  const knownSitesGroup = `bench-rt-known-sites-${runId}`;
  const instanceId = `bench-${runId}`;
  const databaseName = `frenly_bench_rt_${runId}`;
  // Site ids nobody else uses on the shared broker (below 2^31).
  const firstSite = 1_500_000_000 + (Number.parseInt(runId, 16) % 500_000_000);
  const siteIds = Array.from({ length: settings.sites }, (_, i) => firstSite + i);
  const say = (message) => process.stderr.write(`[bench] ${message}\n`);

  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${databaseName}"`);
  const databaseUrl = Object.assign(new URL(postgresUrl), {
    pathname: `/${databaseName}`,
  }).toString();

  const kafka = new kafkajs.Kafka({
    brokers,
    clientId: `bench-rt-${runId}`,
    logLevel: kafkajs.logLevel.NOTHING,
  });
  const kafkaAdmin = kafka.admin();
  await kafkaAdmin.connect();
  await kafkaAdmin
    .createTopics({
      topics: [{ topic: Topics.SiteIndexed, numPartitions: 6 }],
      waitForLeaders: true,
    })
    .catch(() => undefined);
  // The ledger learns only the sites announced by this run, not the broker's history.
  await kafkaAdmin.resetOffsets({
    groupId: knownSitesGroup,
    topic: Topics.SiteIndexed,
    earliest: false,
  });

  const [ledgerPort, realtimePort] = [await freePort(), await freePort()];
  const common = {
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers.join(','),
    FRENLY_IDENTITY_SECRET: secret,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    KAFKA_CLIENT_ID: `bench-rt-${runId}`,
  };
  const children = [];
  const startService = (name, env) => {
    const child = spawn(process.execPath, [`${repoRoot}services/${name}/dist/main.js`], {
      cwd: repoRoot,
      env: { ...process.env, ...common, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('exit', (code) => code && say(`${name} exited ${code}: ${stderr}`));
    children.push(child);
    return child;
  };
  const ledgerUrl = `http://127.0.0.1:${ledgerPort}`;
  const realtimeUrl = `http://127.0.0.1:${realtimePort}`;
  const workers = [];
  let result;
  try {
    startService('ledger', { PORT: String(ledgerPort), LEDGER_KNOWN_SITES_GROUP: knownSitesGroup });
    const realtime = startService('realtime', {
      PORT: String(realtimePort),
      REALTIME_INSTANCE_ID: instanceId,
    });
    await Promise.all([waitOk(`${ledgerUrl}/health/ready`), waitOk(`${realtimeUrl}/health/ready`)]);
    say(`ledger and realtime ready (realtime pid ${realtime.pid})`);

    const bus = new KafkaEventBus({ brokers, clientId: `bench-rt-${runId}`, logger: silentLogger });
    await bus.publish(
      siteIds.map((siteId) =>
        makeEvent(Topics.SiteIndexed, siteId, {
          siteId,
          url: `https://bench-${siteId}.example/`,
          domain: `bench-${siteId}.example`,
          title: 'Bench',
          indexedAt: new Date().toISOString(),
        }),
      ),
    );
    await bus.close();
    for (const siteId of siteIds) await waitOk(`${ledgerUrl}/api/sites/${siteId}/community`);
    say(`${siteIds.length} sites known to the ledger`);

    const before = await scrape(realtimeUrl);
    // Clients, split over worker processes (the server gets its own core's worth of time).
    const perWorker = Math.ceil(settings.clients / settings.workers);
    const connectStarted = now();
    for (let w = 0; w < settings.workers; w++) {
      const count = Math.min(perWorker, settings.clients - w * perWorker);
      const worker = fork(fileURLToPath(import.meta.url), ['--role', 'clients'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      // --client-nice N: let the simulated browsers (other machines, in reality) yield the CPU to the server.
      if (settings.clientNice) setPriority(worker.pid, settings.clientNice);
      workers.push(worker);
      worker.send({
        type: 'start',
        url: `${realtimeUrl.replace('http', 'ws')}/ws`,
        count,
        secret,
        worker: w,
        siteIds,
      });
    }
    const connected = await Promise.all(workers.map((worker) => nextMessage(worker, 'connected')));
    const connectMs = now() - connectStarted;
    const failedConnections = connected.reduce((sum, m) => sum + m.failed, 0);
    say(
      `${settings.clients - failedConnections} clients connected in ${Math.round(connectMs)} ms (${failedConnections} failed)`,
    );
    await sleep(3_000);
    const after = await scrape(realtimeUrl);
    const openConnections = after.realtime_open_connections;

    // Votes at a steady rate, each by a new user, round-robin over the sites: the counts a vote
    // produces are known in advance, so every vote_update is matched with the vote that caused it.
    const totalVotes = settings.ratePerSec * settings.durationSec;
    const intervalMs = 1_000 / settings.ratePerSec;
    const expected = new Map(siteIds.map((id) => [id, 0]));
    const sentAt = [];
    const responseMs = [];
    let mismatches = 0;
    let failedVotes = 0;
    const inFlight = [];
    const votesStarted = now();
    const warmupUntil = votesStarted + settings.warmupSec * 1_000;
    for (let i = 0; i < totalVotes; i++) {
      const wait = votesStarted + i * intervalMs - now();
      if (wait > 0) await sleep(wait);
      const siteId = siteIds[i % siteIds.length];
      const upvotes = expected.get(siteId) + 1;
      expected.set(siteId, upvotes);
      const userId = `bench-voter-${runId}-${i}`;
      const headers = {
        'content-type': 'application/json',
        [IDENTITY_HEADER]: tokens.sign({ userId, firstName: 'Bench', lastName: null, email: null }),
      };
      const started = now();
      sentAt.push([`${siteId}:${upvotes}`, started]);
      inFlight.push(
        fetch(`${ledgerUrl}/api/sites/${siteId}/vote`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ type: 'up' }),
        }).then(
          async (res) => {
            responseMs.push(now() - started);
            const body = await res.json();
            if (res.status !== 200) failedVotes++;
            else if (body.upvotes !== upvotes) mismatches++;
          },
          () => failedVotes++,
        ),
      );
    }
    await Promise.all(inFlight);
    const votingMs = now() - votesStarted;
    // Let the last updates arrive.
    await sleep(3_000);

    for (const worker of workers) worker.send({ type: 'finish', sentAt, warmupUntil });
    const reports = await Promise.all(workers.map((worker) => nextMessage(worker, 'report')));
    const end = await scrape(realtimeUrl);

    const histogram = new Uint32Array(HISTOGRAM_BUCKETS + 1);
    let measured = 0;
    let received = 0;
    let missing = 0;
    let maxMs = 0;
    for (const report of reports) {
      report.histogram.forEach((n, i) => (histogram[i] += n));
      measured += report.measured;
      received += report.received;
      missing += report.missing;
      maxMs = Math.max(maxMs, report.maxMs);
    }
    const clientsOpen = reports.reduce((sum, r) => sum + r.open, 0);
    result = {
      settings,
      votes: {
        cast: totalVotes,
        failed: failedVotes,
        countMismatches: mismatches,
        achievedRatePerSec: round((totalVotes / votingMs) * 1_000, 2),
      },
      voteResponse: {
        p50Ms: round(percentile(responseMs, 0.5)),
        p99Ms: round(percentile(responseMs, 0.99)),
      },
      delivery: {
        expected: totalVotes * (settings.clients - failedConnections),
        received,
        missing,
        measuredAfterWarmup: measured,
        p50Ms: round(histogramPercentile(histogram, measured, 0.5)),
        p90Ms: round(histogramPercentile(histogram, measured, 0.9)),
        p99Ms: round(histogramPercentile(histogram, measured, 0.99)),
        maxMs: round(maxMs),
        messagesPerSec: Math.round(received / ((votingMs + 3_000) / 1_000)),
      },
      connections: {
        requested: settings.clients,
        open: openConnections,
        failed: failedConnections,
        stillOpenAtEnd: clientsOpen,
        connectMs: Math.round(connectMs),
      },
      memory: {
        rssBeforeMiB: round(before.process_resident_memory_bytes / 2 ** 20, 1),
        rssAfterMiB: round(after.process_resident_memory_bytes / 2 ** 20, 1),
        rssPerConnectionKiB: round(
          (after.process_resident_memory_bytes - before.process_resident_memory_bytes) /
            openConnections /
            1024,
          1,
        ),
        heapPerConnectionKiB: round(
          (after.nodejs_heap_size_used_bytes - before.nodejs_heap_size_used_bytes) /
            openConnections /
            1024,
          1,
        ),
      },
      server: {
        messagesSent: end['realtime_messages_sent_total'],
        clientsDroppedSlow: end['realtime_clients_dropped_total:slow'] ?? 0,
        clientsDroppedDead: end['realtime_clients_dropped_total:dead'] ?? 0,
        eventsConsumed: end['realtime_events_consumed_total'],
        cpuSeconds: round(end.process_cpu_seconds_total - after.process_cpu_seconds_total, 1),
        // The realtime process's own view: event created (ledger transaction) → queued on every socket.
        fanoutDelayMeanMs: round(
          ((end.realtime_fanout_delay_seconds_sum -
            (after.realtime_fanout_delay_seconds_sum ?? 0)) /
            (end.realtime_fanout_delay_seconds_count -
              (after.realtime_fanout_delay_seconds_count ?? 0))) *
            1_000,
        ),
        // One pass over every socket (queueing only).
        broadcastMeanMs: round(
          ((end.realtime_broadcast_duration_seconds_sum -
            (after.realtime_broadcast_duration_seconds_sum ?? 0)) /
            (end.realtime_broadcast_duration_seconds_count -
              (after.realtime_broadcast_duration_seconds_count ?? 0))) *
            1_000,
          2,
        ),
      },
      loadAverageAtStart: loadAtStart,
      goal: { p99Ms: 250, met: histogramPercentile(histogram, measured, 0.99) <= 250 },
      measuredAt: new Date().toISOString(),
    };
  } finally {
    for (const worker of workers) worker.kill('SIGKILL');
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await kafkaAdmin.deleteGroups([knownSitesGroup]).catch(() => undefined);
    await kafkaAdmin.disconnect();
    await admin(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
  }

  return result;
}

// ---------------------------------------------------------------------------------------------
// A worker process: holds its share of the client sockets and timestamps every vote_update.
async function runClients() {
  const [{ WebSocket }, { IdentityTokens, IDENTITY_HEADER }] = await Promise.all([
    import('ws'),
    import('@frenly/platform'),
  ]);
  const start = await new Promise((resolve) => process.once('message', resolve));
  const tokens = new IdentityTokens(start.secret);
  const sites = new Set(start.siteIds);
  const keyIds = new Map();
  let times = new Float64Array(1 << 20);
  let keys = new Int32Array(1 << 20);
  let records = 0;
  const sockets = [];
  let failed = 0;

  const record = (key, at) => {
    if (records === times.length) {
      const [t, k] = [new Float64Array(times.length * 2), new Int32Array(keys.length * 2)];
      t.set(times);
      k.set(keys);
      [times, keys] = [t, k];
    }
    let id = keyIds.get(key);
    if (id === undefined) keyIds.set(key, (id = keyIds.size));
    times[records] = at;
    keys[records++] = id;
  };

  const connectOne = (index) =>
    new Promise((resolve) => {
      const userId = `bench-client-${start.worker}-${index}`;
      const socket = new WebSocket(start.url, {
        headers: {
          [IDENTITY_HEADER]: tokens.sign({
            userId,
            firstName: 'Bench',
            lastName: null,
            email: null,
          }),
        },
        perMessageDeflate: false,
      });
      socket.on('message', (data) => {
        const at = now();
        const message = JSON.parse(data.toString());
        if (message.type === 'vote_update' && sites.has(message.siteId))
          record(`${message.siteId}:${message.upvotes}`, at);
      });
      socket.once('open', () => {
        sockets.push(socket);
        resolve();
      });
      socket.once('error', () => {
        failed++;
        resolve();
      });
    });

  // Batches of 100 concurrent handshakes: a realistic ramp, not a SYN flood.
  for (let i = 0; i < start.count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, start.count - i) }, (_, j) => connectOne(i + j)),
    );
  }
  process.send({ type: 'connected', failed });

  const finish = await new Promise((resolve) => process.once('message', resolve));
  const sent = new Map(finish.sentAt);
  const histogram = new Uint32Array(HISTOGRAM_BUCKETS + 1);
  const idToKey = [...keyIds.keys()];
  let measured = 0;
  let maxMs = 0;
  for (let i = 0; i < records; i++) {
    const sentAtMs = sent.get(idToKey[keys[i]]);
    if (sentAtMs === undefined || sentAtMs < finish.warmupUntil) continue;
    const latency = times[i] - sentAtMs;
    histogram[Math.min(HISTOGRAM_BUCKETS, Math.max(0, Math.floor(latency * 10)))]++;
    maxMs = Math.max(maxMs, latency);
    measured++;
  }
  const expected = finish.sentAt.length * sockets.length;
  const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  process.send({
    type: 'report',
    histogram: [...histogram],
    measured,
    received: records,
    missing: Math.max(0, expected - records),
    maxMs,
    open,
  });
  for (const socket of sockets) socket.terminate();
  setTimeout(() => process.exit(0), 200);
}

// ---------------------------------------------------------------------------------------------
function machine() {
  return {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

function histogramPercentile(histogram, total, q) {
  const rank = Math.ceil(total * q);
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i];
    if (seen >= rank) return (i + 1) / 10;
  }
  return Number.NaN;
}

function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
}

function round(value, digits = 1) {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

function markdownTable(rows) {
  const columns = Object.keys(rows[0]);
  return [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c) => row[c]).join(' | ')} |`),
  ].join('\n');
}

/** Prometheus text → { name: value, 'name:label': value } for the series this bench reads. */
async function scrape(baseUrl) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} ([\d.e+-]+)$/.exec(line);
    if (!match) continue;
    const [, name, labels, value] = match;
    values[name] = (values[name] ?? 0) + Number(value);
    const reason = /reason="([^"]+)"/.exec(labels);
    if (reason) values[`${name}:${reason[1]}`] = Number(value);
  }
  return values;
}

function nextMessage(worker, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type !== type) return;
      worker.off('message', onMessage);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('exit', (code) =>
      reject(new Error(`client worker exited (${code}) before "${type}"`)),
    );
  });
}

async function waitOk(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Re-runs this script under a raised `ulimit -n` when the soft limit is too low for the sockets. */
function ensureFileLimit(needed) {
  const soft = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (!Number.isFinite(soft) || soft >= needed || process.env.BENCH_RAISED_ULIMIT) return;
  const hard = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  const target = hard === 'unlimited' ? needed : Math.min(needed, Number(hard));
  process.stderr.write(`[bench] raising the open-file limit from ${soft} to ${target}\n`);
  const args = process.argv
    .slice(1)
    .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
    .join(' ');
  try {
    execFileSync('sh', ['-c', `ulimit -n ${target} && exec '${process.execPath}' ${args}`], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_RAISED_ULIMIT: '1' },
    });
    process.exit(0);
  } catch (error) {
    process.exit(error.status ?? 1);
  }
}
