// Helpers shared by the bus and outbox benchmarks (plain ESM, no build step of their own).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Writes bench/results/<name>.json and returns its path. */
export async function writeResults(name, data) {
  await mkdir(resultsDir, { recursive: true });
  const path = join(resultsDir, `${name}.json`);
  await writeFile(
    path,
    `${JSON.stringify({ name, measuredAt: new Date().toISOString(), node: process.version, ...data }, null, 2)}\n`,
  );
  return path;
}

/** A markdown table from rows of objects (columns = keys of the first row). */
export function markdownTable(rows) {
  const columns = Object.keys(rows[0] ?? {});
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(columns),
    line(columns.map(() => '---')),
    ...rows.map((row) => line(columns.map((c) => String(row[c])))),
  ].join('\n');
}

/** Kills the process after `ms`, so a stuck broker cannot hang a benchmark run. */
export function deadline(ms, what) {
  const timer = setTimeout(() => {
    console.error(`${what}: gave up after ${ms / 1000} s`);
    process.exit(1);
  }, ms);
  timer.unref();
  return timer;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const quietLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (message, context) =>
    console.error(JSON.stringify({ level: 'error', message, ...context })),
};
