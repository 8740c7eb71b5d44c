// The crawler on a machine that cannot reach the web (issue 15): the built embedded runtime as
// `npm start` runs it (a fresh PGlite data folder with the seed corpus, the crawler on by
// default) on this machine, whose sandbox reaches no site of the seed. Once the search API says
// the web is unreachable (and a short settling time), the process's CPU time (user + system,
// /proc/<pid>/stat) and its log lines are counted over a window; the same runtime with the
// crawler off is the baseline, measured the same way right after.
//
//   npx nx run-many -t build && node bench/pipeline/offline.mjs [--write] [--seconds 60]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@frenly/testing';
import { updateSection } from '../lib/benchmarks-doc.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--seconds');
const WINDOW_S = at >= 0 ? Number(args[at + 1]) : 60;
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const loadAtStart = loadavg()[0];
// The kernel's clock ticks per second for /proc/<pid>/stat's utime and stime (Linux: 100).
const TICKS_PER_SECOND = 100;
// Start-up work that overlaps the first crawl attempts (the identity provider, the bench's own
// last request) finishes first: the window measures the process at rest.
const SETTLE_S = 10;

/** One runtime with `extraEnv`: start-up times, then CPU seconds and log lines over the window. */
async function measure(extraEnv, { waitForOffline }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'frenly-offline-bench-'));
  const child = spawn(process.execPath, [`${repoRoot}services/embedded/dist/main.js`], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      FRENLY_DATA_DIR: join(dataDir, 'data'),
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.on('data', (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim() !== '') lines.push(line);
    });
  }
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  };
  const until = async (what, check, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the runtime exited (${child.exitCode})`);
      try {
        if (await check()) return;
      } catch {
        // not answering yet
      }
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  try {
    const started = Date.now();
    await until('ready', async () => (await fetch(`${base}/health/ready`)).ok, 120_000);
    const readyMs = Date.now() - started;
    if (waitForOffline)
      await until(
        'the web reported unreachable',
        async () =>
          (await (await fetch(`${base}/api/search?q=wikipedia`)).json()).web === 'unreachable',
        300_000,
      );
    const offlineMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    const linesBefore = lines.length;
    const cpuBefore = cpuSeconds();
    const windowStart = Date.now();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1000));
    const wallS = (Date.now() - windowStart) / 1000;
    const cpuS = cpuSeconds() - cpuBefore;
    return {
      readyMs,
      offlineMs,
      windowS: Math.round(wallS),
      cpuS: Math.round(cpuS * 100) / 100,
      cpuPercent: Math.round((cpuS / wallS) * 1000) / 10,
      logLinesBefore: linesBefore,
      windowLines: lines.slice(linesBefore),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const offline = await measure({}, { waitForOffline: true });
const baseline = await measure({ SEARCH_AUTO_CRAWL: 'off' }, { waitForOffline: false });
console.log(JSON.stringify({ offline, baseline }, null, 2));

if (args.includes('--write')) {
  updateSection(
    'offline',
    'Offline: the crawler on a machine that cannot reach the web (issue 15)',
    `npx nx run-many -t build && node bench/pipeline/offline.mjs --write --seconds ${WINDOW_S}`,
    `The built embedded runtime as \`npm start\` runs it: a fresh PGlite data folder with the seed
corpus (1,270 sites, none reachable from this sandbox), the crawler on by default, LOG_LEVEL=info.
It was ready after ${(offline.readyMs / 1000).toFixed(1)} s, and the search API said \`web: 'unreachable'\`
${(offline.offlineMs / 1000).toFixed(1)} s after start (${offline.logLinesBefore} log lines by then). Measured ${SETTLE_S} s later, over
${offline.windowS} s, beside the same runtime with the crawler off (\`SEARCH_AUTO_CRAWL=off\`), measured the same way right after:

| Measure | Crawler on, offline | Crawler off (baseline) |
| --- | --- | --- |
| CPU time of the process (user + system) | ${offline.cpuS} s (${offline.cpuPercent} % of one core) | ${baseline.cpuS} s (${baseline.cpuPercent} % of one core) |
| Log lines | ${offline.windowLines.length} | ${baseline.windowLines.length} |

The process's own CPU time (\`/proc/<pid>/stat\`), so other work on the machine does not count in it.`,
    { loadAtStart },
  );
}
