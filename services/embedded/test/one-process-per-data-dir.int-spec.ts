// One embedded process per data folder, and no start on books that do not add up: real
// processes of the built runtime (dist/main.js) on one PGlite folder.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  cleanEnv,
  createTempDir,
  freePort,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
  type TempDir,
} from '@frenly/testing';
import { repoRoot, startBuiltRuntime } from './support/runtime-process.js';
const START_TIMEOUT_MS = 120_000;

describe('one embedded process per data folder', () => {
  let tmp: TempDir;
  let dataDir: string;
  const running: SpawnedProcess[] = [];

  async function start(): Promise<{ child: SpawnedProcess; url: string }> {
    const port = await freePort();
    const child = startBuiltRuntime({ PORT: String(port), FRENLY_DATA_DIR: dataDir });
    running.push(child);
    return { child, url: `http://127.0.0.1:${port}` };
  }

  async function startReady(): Promise<{ child: SpawnedProcess; url: string }> {
    const started = await start();
    await waitForOk(`${started.url}/health/ready`, started.child, START_TIMEOUT_MS);
    return started;
  }

  const lockEntries = (): string[] => readdirSync(join(dataDir, '.frenly-lock'));

  beforeAll(async () => {
    tmp = await createTempDir('frenly-one-process-');
    dataDir = join(tmp.path, 'data');
  });

  afterAll(async () => {
    for (const child of running) {
      if (child.child.exitCode === null && child.child.signalCode === null)
        child.child.kill('SIGKILL');
      await child.exited(5_000).catch(() => undefined);
    }
    await tmp?.remove();
  });

  it('a second process on the folder refuses at once, naming the folder and the first (pid), and the first keeps serving', async () => {
    const first = await startReady();

    const began = performance.now();
    const second = await start();
    const code = await second.child.exited(30_000);
    const refusedMs = Math.round(performance.now() - began);

    expect(code).toBe(75);
    expect(second.child.stderr()).toContain(
      `the data folder ${dataDir} is in use by another Frenly process`,
    );
    expect(second.child.stderr()).toContain(`(pid ${first.child.child.pid} on `);
    // Well under a second on an idle machine (see docs/benchmarks.md); the bound leaves room for a loaded CI runner.
    expect(refusedMs).toBeLessThan(5_000);
    process.stdout.write(`second process refused in ${refusedMs} ms\n`);

    expect((await fetch(`${first.url}/health/ready`)).status).toBe(200);
    expect((await fetch(`${first.url}/api/meta`)).status).toBe(200);
    expect(lockEntries()).toHaveLength(1);
  });

  it('after kill -9 of the holder, the next start takes the folder at once; a clean stop leaves no lock behind', async () => {
    const holder = running.find((child) => child.child.exitCode === null)!;
    holder.child.kill('SIGKILL');
    await holder.exited(10_000);
    expect(lockEntries()).toHaveLength(1); // left behind by the killed process

    const next = await startReady();
    expect(lockEntries()).toHaveLength(1);
    next.child.child.kill('SIGTERM');
    expect(await next.child.exited(20_000)).toBe(0);
    expect(lockEntries()).toEqual([]);
  });

  it('refuses to start on books that do not add up (an account without journal entries), saying so and how to recover', async () => {
    // Forged outside the app, as a second process or a hand edit would leave it.
    const forge = spawnProcess(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite';
         import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
         const db = await PGlite.create(process.argv[1], { extensions: { pg_trgm } });
         await db.query("insert into ledger.accounts (kind, user_id, balance) values ('user', 'forged', 100)");
         await db.close();`,
        dataDir,
      ],
      cleanEnv({}),
      repoRoot,
    );
    expect(await forge.exited(60_000)).toBe(0);

    const corrupt = await start();
    expect(await corrupt.child.exited(START_TIMEOUT_MS)).toBe(65);
    const message = corrupt.child.stderr();
    expect(message).toContain(`Refusing to start: the ledger in ${dataDir} does not add up`);
    expect(message).toContain('1 account balances differ from their journal entries');
    expect(message).toContain('restore it from a backup');
    expect(corrupt.child.stdout()).not.toContain('"ready"');
    expect(lockEntries()).toEqual([]);
  });
});
