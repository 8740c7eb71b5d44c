// Query latency through the HTTP API: a fixed list of queries sent by a fixed number of
// concurrent clients (closed loop: each sends its next query when the last one answered),
// over keep-alive connections. Also starts the built search service in distributed mode.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const SERVICE_MAIN = fileURLToPath(new URL('../../services/search/dist/main.js', import.meta.url));

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `node services/search/dist/main.js` with its distributed config; resolves once /health/ready answers 200. */
export async function startSearchService(env, { timeoutMs = 60_000, log } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVICE_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`search service exited (${child.exitCode}): ${output.join('').slice(-2000)}`);
    const status = await get(`${baseUrl}/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `search service not ready after ${timeoutMs} ms: ${output.join('').slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log?.(`  search service pid ${child.pid} ready on ${baseUrl}`);
  return {
    baseUrl,
    pid: child.pid,
    output: () => output.join(''),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(timeoutMs, () =>
      request.destroy(
        Object.assign(new Error(`request timed out after ${timeoutMs} ms`), { timedOut: true }),
      ),
    );
  });
}

/**
 * Sends every query of `queries` once, `concurrency` at a time. Returns one record per query
 * (latency, status, total, results) and the wall time. A request unanswered after `timeoutMs`
 * is abandoned and recorded as timed out (the server may still be working on it).
 */
export async function runQueries(
  baseUrl,
  queries,
  { concurrency, limit = 10, timeoutMs = 10_000 },
) {
  const records = new Array(queries.length);
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < queries.length) {
      const index = next;
      next += 1;
      const { kind, q } = queries[index];
      const url = `${baseUrl}/api/search?q=${encodeURIComponent(q)}&limit=${limit}`;
      const t = performance.now();
      let response;
      try {
        response = await get(url, timeoutMs);
      } catch (error) {
        records[index] = {
          kind,
          q,
          ms: performance.now() - t,
          status: 0,
          timedOut: error.timedOut === true,
          error: String(error),
        };
        continue;
      }
      const ms = performance.now() - t;
      let body;
      try {
        body = JSON.parse(response.body);
      } catch {
        body = undefined;
      }
      records[index] = {
        kind,
        q,
        ms,
        status: response.status,
        total: body?.total,
        totalIsEstimate: body?.totalIsEstimate,
        results: body?.results?.length,
        corrected: body?.correctedQuery ?? null,
      };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { records, wallMs: performance.now() - started };
}

/** CPU seconds (user + system) used so far by these processes; missing ones count 0. */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the process is gone
    }
  }
  return ticks / 100; // USER_HZ
}
