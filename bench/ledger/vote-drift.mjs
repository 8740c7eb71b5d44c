// Vote-counter drift under concurrent votes (issue 12, item 1): the built ledger as its own
// process on real PostgreSQL, BENCH_BURSTS bursts of BENCH_BURST_SIZE parallel votes, most by one
// user flipping up/down, the rest by a few others, over BENCH_SITES sites. After each burst, the
// drift is Σ over sites of |upvotes − up rows| + |downvotes − down rows| (goal 0); exit 1 if any.
//
//   node bench/ledger/vote-drift.mjs
//
// Build first (npm run build, or at least the libs and the ledger). Env (defaults): BENCH_BURSTS
// (10), BENCH_BURST_SIZE (100), BENCH_SITES (5), BENCH_USERS (4, the first one votes 4/5 of each
// burst), BENCH_LEDGER_MAIN (services/ledger/dist/main.js: point it at another build to compare),
// DATABASE_URL (admin URL; a scratch database is created and dropped), KAFKA_BROKERS (127.0.0.1:9092).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { IdentityTokens } from '@frenly/platform';
import { freePort } from '@frenly/testing';

const BURSTS = Number(process.env.BENCH_BURSTS ?? 10);
const BURST_SIZE = Number(process.env.BENCH_BURST_SIZE ?? 100);
const SITES = Number(process.env.BENCH_SITES ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 4);
const root = fileURLToPath(new URL('../../', import.meta.url));
const ledgerMain = process.env.BENCH_LEDGER_MAIN ?? `${root}services/ledger/dist/main.js`;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runId = randomBytes(4).toString('hex');
const secret = randomBytes(32).toString('base64url');

const hardStop = setTimeout(() => {
  console.error('vote-drift bench: gave up after 180 s');
  process.exit(1);
}, 180_000);
hardStop.unref();

// The identity header the gateway would send, valid for the whole run.
const identityTokens = new IdentityTokens(secret, 3600);
const sign = (userId) =>
  identityTokens.sign({ userId, firstName: 'Bench', lastName: null, email: null });

const dbName = `frenly_bench_votes_${runId}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const port = await freePort();
let stderr = '';
const ledger = spawn(process.execPath, [ledgerMain], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    // Topics and groups of its own: the sites are written below, not learnt from the shared broker.
    KAFKA_NAMESPACE: `bench-votes-${runId}`,
    FRENLY_IDENTITY_SECRET: secret,
    HOST: '127.0.0.1',
    PORT: String(port),
  },
});
ledger.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
const base = `http://127.0.0.1:${port}`;

const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
try {
  for (const started = Date.now(); ;) {
    if (ledger.exitCode !== null)
      throw new Error(`the ledger exited (${ledger.exitCode}):\n${stderr}`);
    if (
      await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 60_000)
      throw new Error(`the ledger was not ready after 60 s:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // The sites, written as the ledger's site-indexed consumer writes them (known site + zeroed counters).
  const siteIds = Array.from({ length: SITES }, (_, i) => i + 1);
  for (const siteId of siteIds) {
    await db.query(
      `insert into ledger.known_sites (site_id, url, domain, title, indexed_at) values ($1, $2, $3, $4, now())`,
      [siteId, `https://votes-${siteId}.example/`, `votes-${siteId}.example`, `Votes ${siteId}`],
    );
    await db.query('insert into ledger.site_stats (site_id) values ($1)', [siteId]);
  }
  const users = Array.from({ length: USERS }, (_, i) => `bench-voter-${runId}-${i}`);
  const drift = async () => {
    const { rows } = await db.query(`
      select coalesce(sum(abs(s.upvotes - coalesce(v.up, 0)) + abs(s.downvotes - coalesce(v.down, 0))), 0)::int as drift
      from ledger.site_stats s
      left join (select site_id, count(*) filter (where type = 'up') as up, count(*) filter (where type = 'down') as down
                 from ledger.votes group by site_id) v on v.site_id = s.site_id`);
    return rows[0].drift;
  };

  const perBurst = [];
  const statuses = {};
  for (let burst = 0; burst < BURSTS; burst++) {
    const answers = await Promise.all(
      Array.from({ length: BURST_SIZE }, async (_, i) => {
        const user = i % 5 === 4 && USERS > 1 ? users[1 + (i % (USERS - 1))] : users[0];
        const response = await fetch(
          `${base}/api/sites/${siteIds[Math.floor(i / 2) % SITES]}/vote`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-frenly-identity': sign(user) },
            body: JSON.stringify({ type: i % 2 === 0 ? 'up' : 'down' }),
          },
        );
        await response.arrayBuffer();
        return response.status;
      }),
    );
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    perBurst.push(await drift());
  }
  const final = perBurst.at(-1);
  console.log(
    `vote-drift: ${BURSTS} bursts × ${BURST_SIZE} parallel votes, ${USERS} users (one casts 4/5), ${SITES} sites`,
  );
  console.log(`  drift after each burst: ${perBurst.join(', ')}`);
  console.log(
    `  final drift (Σ |counter − rows|): ${final} (goal 0); answers: ${JSON.stringify(statuses)}`,
  );
  process.exitCode = final === 0 && Object.keys(statuses).every((s) => s === '200') ? 0 : 1;
} finally {
  ledger.kill('SIGTERM');
  await new Promise((resolve) =>
    ledger.exitCode !== null ? resolve() : ledger.once('exit', resolve),
  );
  await db.end();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
