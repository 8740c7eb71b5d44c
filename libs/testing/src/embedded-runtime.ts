import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cleanEnv,
  freePort,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
} from './spawned-process.js';
import { createTempDir, type TempDir } from './temp-dir.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The embedded runtime of `npm start` for tests: its built `dist/main.js`, a fresh data folder. */
export class EmbeddedRuntime {
  private constructor(
    readonly url: string,
    readonly process: SpawnedProcess,
    private readonly dataDir: TempDir,
  ) {}

  static async start(options: { env?: NodeJS.ProcessEnv } = {}): Promise<EmbeddedRuntime> {
    const dataDir = await createTempDir('frenly-embedded-runtime-');
    const port = await freePort();
    const child = spawnProcess(
      process.execPath,
      [join(repoRoot, 'services/embedded/dist/main.js')],
      cleanEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        FRENLY_DATA_DIR: join(dataDir.path, 'data'),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        ...options.env,
      }),
      repoRoot,
    );
    const runtime = new EmbeddedRuntime(`http://127.0.0.1:${port}`, child, dataDir);
    try {
      await waitForOk(`${runtime.url}/health/ready`, child, 120_000);
    } catch (error) {
      await runtime.stop();
      throw error;
    }
    return runtime;
  }

  async stop(): Promise<void> {
    if (this.process.child.exitCode === null && this.process.child.signalCode === null) {
      this.process.child.kill('SIGTERM');
      await this.process.exited(20_000).catch(() => this.process.child.kill('SIGKILL'));
    }
    await this.dataDir.remove();
  }
}
