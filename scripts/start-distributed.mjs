// `npm run start:distributed`: every service as its own process (gateway, search, ledger,
// analysis, realtime) on real PostgreSQL, Redis and Kafka, output prefixed per service.
// Assumes the infrastructure is up (`npm run infra:up`) and says so when it is not.
// Stops every service on SIGTERM/SIGINT, and all of them when one dies.
//
// Environment (defaults): DATABASE_URL (postgres://postgres@127.0.0.1:5432/frenly, created if
// missing), REDIS_URL (redis://127.0.0.1:6379), KAFKA_BROKERS (127.0.0.1:9092), PORT (gateway,
// 3000), SEARCH_PORT (3001), LEDGER_PORT (3002), ANALYSIS_PORT (3003), REALTIME_PORT (3004),
// READY_TIMEOUT_MS (90000). Other variables (LOG_LEVEL…) pass through to the services.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { FORWARDED_SIGNALS, watchParent } from './lib/children.mjs';
import { canConnect, ensureDatabase, hostPortOfUrl } from './lib/infrastructure.mjs';
import { repoRoot } from './lib/paths.mjs';
import { prefixOutput } from './lib/prefixed-output.mjs';
import { ensureBuilt, ensureDependencies, say } from './lib/prepare.mjs';

const env = process.env;
const settings = {
  DATABASE_URL: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frenly',
  REDIS_URL: env.REDIS_URL || 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: env.KAFKA_BROKERS || '127.0.0.1:9092',
  // One secret for this run: the gateway signs identities with it, the services verify.
  FRENLY_IDENTITY_SECRET: env.FRENLY_IDENTITY_SECRET || randomBytes(32).toString('base64url'),
};
const ports = {
  gateway: env.PORT || '3000',
  search: env.SEARCH_PORT || '3001',
  ledger: env.LEDGER_PORT || '3002',
  analysis: env.ANALYSIS_PORT || '3003',
  realtime: env.REALTIME_PORT || '3004',
};
const readyTimeoutMs = Number(env.READY_TIMEOUT_MS || 90_000);
const SERVICES = ['search', 'ledger', 'analysis', 'realtime', 'gateway'];
const STOP_TIMEOUT_MS = 20_000;

await ensureDependencies();
await ensureBuilt();
await checkInfrastructure();

const serviceUrl = (name) => `http://127.0.0.1:${ports[name]}`;
const children = new Map();
let stopping = false;
let exitCode = 0;

for (const [index, name] of SERVICES.entries()) {
  const child = spawn(process.execPath, [join(repoRoot, 'services', name, 'dist', 'main.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      ...settings,
      PORT: ports[name],
      SEARCH_URL: serviceUrl('search'),
      LEDGER_URL: serviceUrl('ledger'),
      ANALYSIS_URL: serviceUrl('analysis'),
      REALTIME_URL: serviceUrl('realtime'),
    },
  });
  children.set(name, child);
  prefixOutput(name, index, child, 8);
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      say(`${name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping the others`);
      exitCode = 1;
      void stopAll();
    } else if (code !== 0) {
      exitCode = 1;
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

for (const signal of FORWARDED_SIGNALS) {
  process.on(signal, () => {
    if (stopping) return;
    say(`${signal}: stopping every service`);
    void stopAll();
  });
}

watchParent(() => {
  if (stopping) return;
  say('parent process gone: stopping every service');
  void stopAll();
});

await waitUntilReady();

async function checkInfrastructure() {
  const needed = [
    ['PostgreSQL', hostPortOfUrl(settings.DATABASE_URL, 5432)],
    ['Redis', hostPortOfUrl(settings.REDIS_URL, 6379)],
    ...settings.KAFKA_BROKERS.split(',').map((broker) => {
      const [host, port] = broker.trim().split(':');
      return ['Kafka', { host, port: Number(port) }];
    }),
  ];
  const results = await Promise.all(
    needed.map(async ([what, { host, port }]) => [what, host, port, await canConnect(host, port)]),
  );
  const down = results.filter(([, , , ok]) => !ok);
  if (down.length > 0) {
    for (const [what, host, port] of down) say(`${what} is not reachable at ${host}:${port}`);
    say('start the infrastructure first: npm run infra:up');
    process.exit(1);
  }
  try {
    if (await ensureDatabase(settings.DATABASE_URL))
      say(`created database ${new URL(settings.DATABASE_URL).pathname.slice(1)}`);
  } catch (error) {
    say(`cannot prepare the database ${settings.DATABASE_URL}: ${error.message}`);
    process.exit(1);
  }
}

async function waitUntilReady() {
  const deadline = Date.now() + readyTimeoutMs;
  const url = `${serviceUrl('gateway')}/health/ready`;
  while (!stopping) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      say(`ready: every service answers; the gateway is at ${serviceUrl('gateway')}`);
      return;
    }
    if (Date.now() > deadline) {
      say(`not ready after ${readyTimeoutMs} ms (see ${url}); stopping`);
      exitCode = 1;
      await stopAll();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopAll() {
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  const forceTimer = setTimeout(() => {
    for (const [name, child] of children) {
      say(`${name} did not stop within ${STOP_TIMEOUT_MS} ms: killing it`);
      child.kill('SIGKILL');
    }
  }, STOP_TIMEOUT_MS);
  forceTimer.unref();
}
