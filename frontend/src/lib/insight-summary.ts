import type { AnalysisData } from '@frenly/contracts';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function countOf(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const asRecord = record(value);
  if (asRecord) return countOf(asRecord.count ?? asRecord.total ?? asRecord.items ?? asRecord.list);
  return undefined;
}

function scoreOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Tracker count wherever the analysis put its evidence (absent when it did not look). */
function trackerCount(data: AnalysisData): number | undefined {
  const evidence = record(data.evidence);
  return countOf(
    data.trackers ??
      evidence?.trackers ??
      record(evidence?.privacy)?.trackers ??
      record(data.privacy)?.trackers,
  );
}

function accessibilityScore(data: AnalysisData): number | undefined {
  const ux = record(data.ux);
  return scoreOf(
    record(data.uxScore)?.accessibility ??
      record(ux?.scores)?.accessibility ??
      ux?.accessibility ??
      data.accessibility,
  );
}

/**
 * The one line of insight an analysed result card carries (e.g. "4 trackers · 2 manipulative
 * patterns · accessibility 92"), made only from evidence the analysis recorded.
 */
export function insightSummary(data: AnalysisData | null): string | null {
  if (!data) return null;
  // The analysis writes this line itself (analysisData.summary); derive it only when absent.
  if (typeof data.summary === 'string' && data.summary.trim())
    return capitalise(data.summary.trim());
  const parts: string[] = [];
  const trackers = trackerCount(data);
  if (trackers !== undefined)
    parts.push(trackers === 0 ? 'No trackers' : plural(trackers, 'tracker', 'trackers'));
  const patterns = data.frenliness?.manipulativePatterns;
  if (Array.isArray(patterns)) {
    parts.push(
      patterns.length === 0
        ? 'no manipulative patterns'
        : plural(patterns.length, 'manipulative pattern', 'manipulative patterns'),
    );
  }
  const accessibility = accessibilityScore(data);
  if (accessibility !== undefined) parts.push(`accessibility ${accessibility}`);
  if (parts.length === 0) return null;
  return capitalise(parts.join(' · '));
}

function capitalise(line: string): string {
  return line.charAt(0).toUpperCase() + line.slice(1);
}
