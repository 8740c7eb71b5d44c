// Shared pieces of the analysis service's unit specs: fakes, a real report and row factories.
import { readFileSync } from 'node:fs';
import { JsonLogger, MetricsService } from '@frenly/platform';
import { AnalysisError } from '../../src/analysis.errors.js';
import type { AnalysisRow } from '../../src/analyses/analyses.repository.js';
import { AnalysisMetrics } from '../../src/metrics/analysis.metrics.js';
import { analyzePage } from '../../src/pipeline/analyze-page.js';
import type { AnalysisReport } from '../../src/pipeline/report.js';
import { TrackerCatalog } from '../../src/pipeline/trackers/tracker-catalog.js';

/** The real AnalysisMetrics on a private registry, so a spec can read what was counted. */
export function newAnalysisMetrics(): AnalysisMetrics {
  return new AnalysisMetrics(
    new MetricsService({ service: 'analysis-unit', defaultMetrics: false }),
  );
}

export { counted } from '@frenly/testing';

/** The AnalysisError a call was refused with; a success or any other error fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<AnalysisError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AnalysisError))
    throw new Error(`expected an AnalysisError, got ${String(error)}`);
  return error;
}

/** A JsonLogger whose lines the spec can read. */
export function capturingLogger(): { logger: JsonLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = new JsonLogger({
    service: 'analysis-unit',
    level: 'debug',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

let plainShop: AnalysisReport | undefined;

/** The pipeline's real report of the plain-shop fixture page (the tracker catalogue loads once). */
export async function plainShopReport(url = 'https://shop.example/'): Promise<AnalysisReport> {
  if (!plainShop) {
    const html = readFileSync(
      new URL('../fixtures/sites/plain-shop.html', import.meta.url),
      'utf8',
    );
    const snapshot = {
      requestedUrl: url,
      finalUrl: url,
      status: 200,
      headers: {},
      html,
      tls: true,
      certificateValid: true,
      redirects: 0,
      bytes: html.length,
    };
    plainShop = analyzePage(snapshot, await TrackerCatalog.load());
  }
  return plainShop;
}

const HOUR = 3_600_000;

export const factory = {
  completedRow: (report: AnalysisReport, overrides: Partial<AnalysisRow> = {}): AnalysisRow => ({
    id: 'analysis-1',
    url: report.url,
    status: 'completed',
    engine: 'heuristic',
    scoringVersion: report.scoringVersion,
    frenlinessScore: report.frenlinessScore,
    isVerified: report.isVerified,
    report,
    errorCode: null,
    errorMessage: null,
    durationMs: 120,
    createdAt: new Date(Date.now() - HOUR),
    ...overrides,
  }),
  failedRow: (url: string, overrides: Partial<AnalysisRow> = {}): AnalysisRow => ({
    id: 'analysis-failed',
    url,
    status: 'failed',
    engine: null,
    scoringVersion: null,
    frenlinessScore: null,
    isVerified: false,
    report: null,
    errorCode: 'SITE_UNREACHABLE',
    errorMessage: 'connection refused',
    durationMs: 30,
    createdAt: new Date(Date.now() - 1_000),
    ...overrides,
  }),
  ageOf: (hours: number) => new Date(Date.now() - hours * HOUR),
};
