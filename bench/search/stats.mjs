// Percentiles and markdown for the search benchmarks.

/** Nearest-rank percentile of numbers (Infinity stands for "timed out"). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A query that got no answer in time, or an error instead of results. */
const failed = (record) =>
  record.timedOut === true || (record.status !== undefined && record.status !== 200);

/**
 * p50/p95/p99/max/mean of records' `ms`; failed records (timed out, or an HTTP error) count as
 * Infinity, slower than any answer.
 */
export function summarize(records) {
  const values = records.map((record) => (failed(record) ? Infinity : record.ms));
  const finite = values.filter(Number.isFinite);
  return {
    count: records.length,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    p99: round(percentile(values, 99)),
    max: round(Math.max(...values)),
    mean:
      finite.length === values.length
        ? round(finite.reduce((a, b) => a + b, 0) / finite.length)
        : null,
    timeouts: records.filter((record) => record.timedOut).length,
    errors: records.filter((record) => failed(record) && !record.timedOut).length,
  };
}

function round(value) {
  return Number.isFinite(value)
    ? Math.round(value * 10) / 10
    : value === Infinity
      ? 'timeout'
      : null;
}

/** A latency for a table cell: "> 5000 ms" for a timeout (or an error, which counts as one). */
export function ms(value, timeoutMs) {
  if (value === 'timeout') return `> ${timeoutMs} ms`;
  if (value === null || value === undefined) return '–';
  return `${value} ms`;
}

/** How many times slower `value` is than `reference` ("> N×" when it timed out). */
export function ratio(value, reference, timeoutMs) {
  if (value === 'timeout') return `> ${Math.round(timeoutMs / reference)}×`;
  if (!reference) return '–';
  const r = value / reference;
  return `${r >= 10 ? Math.round(r) : r >= 1 ? r.toFixed(1) : r.toPrecision(2)}×`;
}

export function markdownTable(rows) {
  if (rows.length === 0) return '';
  const headers = Object.keys(rows[0]);
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${headers.map((h) => String(row[h])).join(' | ')} |`),
  ].join('\n');
}

export const bytes = (n) =>
  n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(2)} GiB` : `${(n / 2 ** 20).toFixed(1)} MiB`;

/** Summaries per query kind. */
export function byKind(records) {
  const kinds = [...new Set(records.map((record) => record.kind))];
  return Object.fromEntries(
    kinds.map((kind) => [kind, summarize(records.filter((record) => record.kind === kind))]),
  );
}
