// `npm run start:distributed` for real: five processes on PostgreSQL, Redis and Kafka.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { TEST_POSTGRES_URL } from '@frenly/testing';
import pg from 'pg';
import {
  cleanEnv,
  freePort,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
} from './spawned-process.js';
import { signInThroughForm } from './support/sign-in.js';
import { TestBrowser } from './support/test-browser.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICES = ['gateway', 'search', 'ledger', 'analysis', 'realtime'] as const;

/** The JSON log lines a service printed through the script's "[name] " prefix. */
function logLinesOf(output: string, service: string): Array<Record<string, unknown>> {
  const prefix = `[${service.padEnd(8)}] `;
  return output
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

describe('npm run start:distributed', () => {
  /** Access logs are written when a response ends, which may be just after the client has it. */
  async function waitForLogLine(
    service: string,
    matches: (line: Record<string, unknown>) => boolean,
  ) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = logLinesOf(script.stdout(), service).find(matches);
      if (found || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const databaseName = `frenly_dist_${Math.random().toString(16).slice(2, 10)}`;
  let ports: Record<(typeof SERVICES)[number], number>;
  let gateway: string;
  let script: SpawnedProcess;

  beforeAll(async () => {
    ports = {
      gateway: await freePort(),
      search: await freePort(),
      ledger: await freePort(),
      analysis: await freePort(),
      realtime: await freePort(),
    };
    gateway = `http://127.0.0.1:${ports.gateway}`;
    const databaseUrl = new URL(TEST_POSTGRES_URL);
    databaseUrl.pathname = `/${databaseName}`;
    script = spawnProcess(
      process.execPath,
      [join(repoRoot, 'scripts/start-distributed.mjs')],
      cleanEnv({
        DATABASE_URL: databaseUrl.toString(),
        PORT: String(ports.gateway),
        SEARCH_PORT: String(ports.search),
        LEDGER_PORT: String(ports.ledger),
        ANALYSIS_PORT: String(ports.analysis),
        REALTIME_PORT: String(ports.realtime),
        KAFKA_CLIENT_ID: `frenly-test-${databaseName}`,
      }),
      repoRoot,
    );
    await waitForOk(`${gateway}/health/ready`, script, 150_000);
  }, 160_000);

  afterAll(async () => {
    if (script?.child.exitCode === null) {
      script.child.kill('SIGKILL');
      await script.exited(5_000).catch(() => undefined);
    }
    await dropDatabase(databaseName);
  });

  it('serves the built frontend at / and for client-side routes, as the embedded runtime does', async () => {
    for (const path of ['/', '/dashboard']) {
      const page = await fetch(`${gateway}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect((await page.text()).toLowerCase()).toContain('<!doctype html>');
    }
  });

  it('reports every service ready through the gateway', async () => {
    const res = await fetch(`${gateway}/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      service: 'gateway',
      checks: {
        database: { status: 'up' },
        bus: { status: 'up' },
        search: { status: 'up' },
        ledger: { status: 'up' },
        analysis: { status: 'up' },
        realtime: { status: 'up' },
      },
    });
    for (const service of ['search', 'ledger', 'analysis', 'realtime'] as const) {
      const own = await fetch(`http://127.0.0.1:${ports[service]}/health/ready`);
      expect(await own.json()).toMatchObject({ status: 'ready', service });
    }
  });

  it("exposes each service's operational series on its /metrics", async () => {
    // HTTP rate/errors/latency and open sockets everywhere; consumer lag, outbox backlog and
    // queue depth where the service consumes, publishes or queues (see deploy/grafana).
    const expected: Record<(typeof SERVICES)[number], string[]> = {
      gateway: ['http_request_duration_seconds', 'http_open_connections', 'events_published_total'],
      search: [
        'http_request_duration_seconds',
        'http_open_connections',
        'events_consumer_lag_messages',
        'search_outbox_backlog',
        'jobs_queue_depth',
      ],
      ledger: [
        'http_request_duration_seconds',
        'http_open_connections',
        'events_consumer_lag_messages',
        'ledger_outbox_backlog',
      ],
      analysis: [
        'http_request_duration_seconds',
        'http_open_connections',
        'events_consumer_lag_messages',
        'analysis_outbox_backlog',
        'jobs_queue_depth',
      ],
      realtime: [
        'http_request_duration_seconds',
        'http_open_connections',
        'realtime_open_connections',
        'realtime_consumer_lag_messages',
      ],
    };
    for (const service of SERVICES) {
      const res = await fetch(`http://127.0.0.1:${ports[service]}/metrics`);
      expect(res.status).toBe(200);
      const types = new Set([...(await res.text()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
      expect({ service, missing: expected[service].filter((name) => !types.has(name)) }).toEqual({
        service,
        missing: [],
      });
    }
  });

  it('answers /api/meta itself, in distributed mode', async () => {
    const meta = (await (await fetch(`${gateway}/api/meta`)).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      installationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mode: 'distributed',
    });
  });

  it.each([
    ['GET', '/api/search/nothing-here', 'search', 404],
    // Signed out: the owning service itself refuses (its access log below proves it answered).
    ['POST', '/api/sites/12/vote', 'ledger', 401],
    ['POST', '/api/sites/analyze', 'analysis', 401],
  ] as const)('forwards %s %s to %s with the request id', async (method, path, owner, status) => {
    const requestId = `dist-${owner}-${Date.now()}`;
    const res = await fetch(`${gateway}${path}`, {
      method,
      headers: { 'X-Request-Id': requestId, 'Content-Type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    // The owning service itself answers, in the shared error shape.
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    expect(await res.json()).toMatchObject({ statusCode: status, requestId });
    // The access logs of the gateway and of the owner prove the request went through, with the same id.
    const isThisRequest = (line: Record<string, unknown>) =>
      line.msg === 'request' && line.requestId === requestId;
    expect(await waitForLogLine(owner, isThisRequest)).toMatchObject({
      service: owner,
      method,
      path,
      status,
    });
    expect(await waitForLogLine('gateway', isThisRequest)).toMatchObject({ method, path, status });
  });

  it('signs in through the gateway and passes the identity on: the ledger service answers the balance', async () => {
    const browser = new TestBrowser();
    const { landedOn } = await signInThroughForm(
      browser,
      gateway,
      { name: 'Distributed Dana' },
      '/api/login',
    );
    expect(landedOn.href).toBe(`${gateway}/`);
    const me = await browser.request(`${gateway}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      firstName: 'Distributed',
      lastName: 'Dana',
      bambooBalance: 1000,
    });
    // Through the gateway the ledger knows who asks; reached directly, without the gateway's identity, it refuses.
    const viaGateway = await browser.request(`${gateway}/api/ledger/balance`);
    expect(await viaGateway.json()).toEqual({ bambooBalance: 1000 });
    const direct = await fetch(`http://127.0.0.1:${ports.ledger}/api/ledger/balance`, {
      headers: {
        cookie: `frenly_session=${browser.cookie('frenly_session', gateway)?.value ?? ''}`,
        'x-frenly-identity': 'forged.token',
      },
    });
    expect(direct.status).toBe(401);
  });

  it('stops every service on SIGTERM', async () => {
    script.child.kill('SIGTERM');
    expect(await script.exited(30_000)).toBe(0);
    for (const service of SERVICES) {
      expect(logLinesOf(script.stdout(), service).some((line) => line.msg === 'stopped')).toBe(
        true,
      );
      const stillThere = await fetch(`http://127.0.0.1:${ports[service]}/health/live`).then(
        () => true,
        () => false,
      );
      expect(stillThere).toBe(false);
    }
  }, 40_000);
});
