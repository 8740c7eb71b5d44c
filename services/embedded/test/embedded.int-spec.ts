// `npm start` for real: the start script, the built embedded runtime, a fresh data folder.
import { join } from 'node:path';
import {
  createTempDir,
  freePort,
  waitForOk,
  type SpawnedProcess,
  type TempDir,
} from '@frenly/testing';
import { npmStart } from './support/runtime-process.js';

// The first start may build what changed; later ones only start.
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 15_000;

describe('npm start (embedded runtime)', () => {
  let dataDir: TempDir;
  let running: SpawnedProcess | undefined;

  beforeAll(async () => {
    dataDir = await createTempDir('frenly-embedded-');
  });

  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited(5_000).catch(() => undefined);
    }
    running = undefined;
  });

  afterAll(async () => {
    await dataDir?.remove();
  });

  async function startAndReadMeta(): Promise<{ installationId: string; base: string }> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    running = npmStart({ PORT: String(port), FRENLY_DATA_DIR: join(dataDir.path, 'data') });
    await waitForOk(`${base}/health/ready`, running, START_TIMEOUT_MS);
    const meta = (await (await fetch(`${base}/api/meta`)).json()) as {
      installationId: string;
      mode: string;
    };
    expect(meta).toMatchObject({
      installationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mode: 'embedded',
    });
    return { installationId: meta.installationId, base };
  }

  async function stop(): Promise<number | string> {
    running!.child.kill('SIGTERM');
    return running!.exited(STOP_TIMEOUT_MS);
  }

  it(
    'serves the frontend, the API and readiness, stops cleanly on SIGTERM, and keeps its data across restarts',
    async () => {
      const first = await startAndReadMeta();

      const ready = await fetch(`${first.base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        service: 'embedded',
        checks: { database: { status: 'up' }, bus: { status: 'up' }, queue: { status: 'up' } },
      });

      const home = await fetch(`${first.base}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      expect((await home.text()).toLowerCase()).toContain('<!doctype html>');

      // Client-side routes get the app; unknown API paths get the JSON error shape.
      const clientRoute = await fetch(`${first.base}/dashboard`);
      expect(clientRoute.status).toBe(200);
      expect(clientRoute.headers.get('content-type')).toContain('text/html');
      const unknownApi = await fetch(`${first.base}/api/no-such-thing`);
      expect(unknownApi.status).toBe(404);
      expect(await unknownApi.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });

      // The seed corpus is searchable, and the ledger knows its sites from the first request
      // (the template carries the seed events' projections, not 1,300 events to replay).
      const search = await fetch(`${first.base}/api/search?q=wikipedia`);
      expect(search.status).toBe(200);
      const found = (await search.json()) as { results: { id: number; domain: string }[] };
      const seeded = found.results.find((site) => site.domain.endsWith('wikipedia.org'));
      expect(seeded).toBeDefined();
      const community = await fetch(`${first.base}/api/sites/${seeded!.id}/community`);
      expect(community.status).toBe(200);
      expect(await community.json()).toMatchObject({
        siteId: seeded!.id,
        upvotes: 0,
        downvotes: 0,
        totalStaked: 0,
        recentStakes: [],
      });

      const metrics = await (await fetch(`${first.base}/metrics`)).text();
      expect(metrics).toContain('http_request_duration_seconds_bucket');
      expect(metrics).toContain('route="/api/meta"');

      expect(await stop()).toBe(0);

      const second = await startAndReadMeta();
      expect(second.installationId).toBe(first.installationId);
      expect(await stop()).toBe(0);
    },
    2 * START_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS,
  );

  it(
    'refuses an invalid PORT with a message naming it',
    async () => {
      running = npmStart({ PORT: 'abc', FRENLY_DATA_DIR: join(dataDir.path, 'unused') });
      const code = await running.exited(START_TIMEOUT_MS);
      expect(code).not.toBe(0);
      expect(running.stderr()).toMatch(/PORT must be an integer/);
    },
    START_TIMEOUT_MS + 5_000,
  );
});
