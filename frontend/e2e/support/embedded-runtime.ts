import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@frenly/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(repoRoot, 'services/embedded/dist/main.js');
const FRONTEND_DIST = join(repoRoot, 'frontend/dist');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * The real backend in one process (`node services/embedded/dist/main.js`), on a free port with
 * a fresh data folder, serving the built frontend: what `npm start` runs, minus the build step
 * (`npm test` builds everything first).
 */
export class EmbeddedRuntime {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly dataDir: string,
    readonly baseUrl: string,
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** `env` adds variables (an allow-list for a loopback fixture site, tunables). */
  static async start(env: Record<string, string> = {}): Promise<EmbeddedRuntime> {
    for (const built of [MAIN, join(FRONTEND_DIST, 'index.html')]) {
      if (!existsSync(built))
        throw new Error(`${built} is missing: run \`npx nx run-many -t build\` first`);
    }
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'frenly-e2e-'));
    // A copy of the built frontend: a rebuild in the working tree meanwhile (it empties
    // frontend/dist first) cannot pull the files from under a running suite.
    const frontendDir = join(dataDir, 'frontend');
    await cp(FRONTEND_DIST, frontendDir, { recursive: true });
    const child = spawn(process.execPath, [MAIN], {
      cwd: repoRoot,
      env: {
        ...backendEnv(),
        PORT: String(port),
        FRENLY_DATA_DIR: join(dataDir, 'data'),
        FRONTEND_DIR: frontendDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const runtime = new EmbeddedRuntime(child, dataDir, `http://127.0.0.1:${port}`);
    try {
      await runtime.waitUntilReady();
    } catch (error) {
      await runtime.stop();
      throw error;
    }
    return runtime;
  }

  /** SIGTERM, as a supervisor would; SIGKILL if it does not exit in time. Removes the data folder. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(this.dataDir, { recursive: true, force: true });
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null)
        throw new Error(`the embedded runtime exited (${this.child.exitCode}):\n${this.output}`);
      const ready = await fetch(`${this.baseUrl}/health/ready`, {
        signal: AbortSignal.timeout(2_000),
      }).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `the embedded runtime was not ready within ${START_TIMEOUT_MS} ms:\n${this.output}`,
    );
  }
}

/** The test run's environment without what would switch the runtime's adapters, port or LLM. */
function backendEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const switches = [
    'DATABASE_URL',
    'REDIS_URL',
    'KAFKA_BROKERS',
    'PORT',
    'HOST',
    'FRENLY_DATA_DIR',
    'FRONTEND_DIR',
    'OPENAI_API_KEY',
  ];
  for (const name of [...switches, 'NODE_OPTIONS', 'JEST_WORKER_ID']) delete env[name];
  return { ...env, HOST: '127.0.0.1' };
}
