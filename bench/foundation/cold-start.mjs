// Measures the embedded runtime's start: from spawning `node dist/main.js` to the first
// 200 from /health/ready, on an empty data folder (cold) and again on the same one (warm).
// Usage: node bench/foundation/cold-start.mjs [runs=3]   (build first; no npm ci is timed)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeResults } from './bus-common.mjs';

const main = fileURLToPath(new URL('../../services/embedded/dist/main.js', import.meta.url));
const runs = Number(process.argv[2] ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      FRENLY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      KAFKA_BROKERS: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve() : child.once('exit', resolve),
    );
  }
}

const cold = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dir = await mkdtemp(join(tmpdir(), 'frenly-start-'));
  try {
    cold.push(await startOnce(join(dir, 'data')));
    warm.push(await startOnce(join(dir, 'data')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {
  coldMs: cold,
  warmMs: warm,
  coldMedianMs: median(cold),
  warmMedianMs: median(warm),
};
console.log(JSON.stringify(result));
await writeResults('cold-start', result);
