import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A process under test: its output is kept, and it can be waited for. */
export interface SpawnedProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal name); rejects after `timeoutMs`. */
  exited(timeoutMs: number): Promise<number | string>;
}

export function spawnProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): SpawnedProcess {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited: (timeoutMs) =>
      Promise.race([
        exit,
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`still running after ${timeoutMs} ms`)),
            timeoutMs,
          ).unref(),
        ),
      ]),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Polls `url` until it answers 200, or fails when the process exits or the time is up. */
export async function waitForOk(
  url: string,
  process: SpawnedProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) {
      throw new Error(
        `process exited (${process.child.exitCode}) before ${url} answered:\n${process.stderr()}\n${process.stdout().slice(-2000)}`,
      );
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** The environment of the test run, without the variables that would switch adapters. */
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'KAFKA_BROKERS',
    'PORT',
    'FRENLY_DATA_DIR',
    'NODE_OPTIONS',
    'JEST_WORKER_ID',
  ])
    delete env[name];
  return { ...env, ...extra };
}
