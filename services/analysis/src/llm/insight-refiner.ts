// With an LLM configured, it rewrites the reasoning and refines strengths and improvements
// from the evidence. Scores and manipulative-pattern findings stay the heuristic's (they are
// measured, with quotes). Any failure leaves the heuristic text in place.
import { Injectable } from '@nestjs/common';
import { JsonLogger } from '@frenly/platform';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { boundedString, boundedStringList, isRecord } from './json-checks.js';
import { LlmCallError, LlmClient } from './llm-client.js';

export interface RefinedInsights {
  readonly reasoning: string;
  readonly strengths: string[];
  readonly improvements: string[];
}

export const INSIGHTS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['reasoning', 'strengths', 'improvements'],
  properties: {
    reasoning: {
      type: 'string',
      description: 'Three to six sentences explaining the Frenliness score from the evidence.',
    },
    strengths: { type: 'array', items: { type: 'string' }, maxItems: 6 },
    improvements: { type: 'array', items: { type: 'string' }, maxItems: 8 },
  },
} as const;

const SYSTEM = [
  'You explain website analyses for Frenly, a search engine that shows how friendly each site is.',
  'Use only the evidence given; never invent trackers, patterns or numbers.',
  'Write plain, calm English. State the Frenliness score as N/100 in the reasoning.',
  'Answer with JSON matching the schema: reasoning (3–6 sentences), strengths (short phrases), improvements (actionable sentences).',
].join(' ');

/** What the LLM sees: the scores and the evidence, not the page. */
export function evidenceDigest(report: AnalysisReport): string {
  const failing = report.evidence.checks
    .filter((check) => check.score !== null && check.score < 0.99)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 15)
    .map((check) => `- [${check.dimension}] ${check.detail}`);
  return JSON.stringify(
    {
      site: report.domain,
      title: report.title,
      frenlinessScore: report.frenlinessScore,
      capsApplied: report.capsApplied,
      dimensions: report.dimensions,
      trackers: report.evidence.privacy.trackers.map(
        (tracker) => `${tracker.organization} (${tracker.category})`,
      ),
      manipulativePatterns: report.manipulativePatterns,
      cookieConsent: report.evidence.cookieConsent.kind,
      verifiedHttps: report.isVerified,
      heuristicStrengths: report.strengths,
      heuristicImprovements: report.improvements,
      problems: failing,
    },
    null,
    1,
  );
}

export function validateInsights(report: AnalysisReport) {
  return (value: unknown): RefinedInsights | string => {
    if (!isRecord(value)) return 'the answer is not an object';
    const reasoning = boundedString(value.reasoning, 'reasoning', 40, 1500);
    if (typeof reasoning !== 'string') return reasoning.problem;
    if (!reasoning.includes(String(report.frenlinessScore)))
      return `reasoning does not state the score ${report.frenlinessScore}`;
    const strengths = boundedStringList(value.strengths, 'strengths', 6, 200);
    if (!Array.isArray(strengths)) return strengths.problem;
    const improvements = boundedStringList(value.improvements, 'improvements', 8, 300);
    if (!Array.isArray(improvements)) return improvements.problem;
    if (improvements.length === 0 && report.improvements.length > 0)
      return 'improvements are missing';
    return { reasoning, strengths, improvements };
  };
}

@Injectable()
export class InsightRefiner {
  private readonly logger: JsonLogger;

  constructor(
    private readonly llm: LlmClient,
    private readonly metrics: AnalysisMetrics,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('InsightRefiner');
  }

  get enabled(): boolean {
    return this.llm.enabled;
  }

  /** The LLM's insights, or null when it is off or its answer cannot be used. */
  async refine(report: AnalysisReport, signal?: AbortSignal): Promise<RefinedInsights | null> {
    if (!this.llm.enabled) return null;
    const stop = this.metrics.llmDuration.startTimer({ purpose: 'insights' });
    try {
      return await this.llm.completeJson({
        name: 'frenly_insights',
        schema: INSIGHTS_SCHEMA,
        system: SYSTEM,
        user: `Evidence for ${report.domain}:\n${evidenceDigest(report)}`,
        validate: validateInsights(report),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      const reason = error instanceof LlmCallError ? error.reason : 'error';
      this.metrics.llmFallbacks.inc({ purpose: 'insights', reason });
      this.logger.entry('warn', 'LLM insights not used; the heuristic result stands', {
        reason,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    } finally {
      stop();
    }
  }
}
