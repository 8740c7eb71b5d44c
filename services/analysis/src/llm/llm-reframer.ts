// With an LLM configured, it rewrites the content through the lens, grounded in the evidence.
import { Injectable } from '@nestjs/common';
import type { LensType, ReframeResponse } from '@frenly/contracts';
import { JsonLogger } from '@frenly/platform';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import type { AnalysisReport } from '../pipeline/report.js';
import { boundedString, isRecord } from './json-checks.js';
import { evidenceDigest } from './insight-refiner.js';
import { LlmCallError, LlmClient } from './llm-client.js';

const LENS_BRIEFS: Record<LensType, string> = {
  love: 'warm and appreciative, centred on the people the site serves',
  clarity: 'plain language: short sentences, everyday words, no hype',
  growth: 'forward-looking: what the site does today and the next concrete steps to improve',
  trust: 'sober and factual: separate what the site claims from what the evidence shows',
  joy: 'light and cheerful, highlighting what makes a visit pleasant',
};

export const REFRAME_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['reframedContent', 'actionableAdvice'],
  properties: {
    reframedContent: { type: 'string' },
    actionableAdvice: { type: 'string' },
  },
} as const;

export function validateReframe(value: unknown): ReframeResponse | string {
  if (!isRecord(value)) return 'the answer is not an object';
  const reframedContent = boundedString(value.reframedContent, 'reframedContent', 20, 2000);
  if (typeof reframedContent !== 'string') return reframedContent.problem;
  const advice =
    value.actionableAdvice === undefined || value.actionableAdvice === ''
      ? ''
      : boundedString(value.actionableAdvice, 'actionableAdvice', 10, 500);
  if (typeof advice !== 'string') return advice.problem;
  return advice === '' ? { reframedContent } : { reframedContent, actionableAdvice: advice };
}

@Injectable()
export class LlmReframer {
  private readonly logger: JsonLogger;

  constructor(
    private readonly llm: LlmClient,
    private readonly metrics: AnalysisMetrics,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('LlmReframer');
  }

  get enabled(): boolean {
    return this.llm.enabled;
  }

  /** The configured model's name (null without an LLM), which the screen shows beside its text. */
  get model(): string | null {
    return this.llm.model;
  }

  /** The LLM's rewrite, or null (off, timeout, error or invalid answer). */
  async reframe(
    lens: LensType,
    content: string,
    report: AnalysisReport | null,
  ): Promise<ReframeResponse | null> {
    if (!this.llm.enabled) return null;
    const stop = this.metrics.llmDuration.startTimer({ purpose: 'reframe' });
    try {
      return await this.llm.completeJson({
        name: 'frenly_reframe',
        schema: REFRAME_SCHEMA,
        system: `You rewrite a website's own description through the "${lens}" lens: ${LENS_BRIEFS[lens]}. Keep it under 120 words, keep facts true, and add one actionable piece of advice for the site owner grounded in the evidence.`,
        user: `Content: ${content}\n\nEvidence: ${report ? evidenceDigest(report) : 'not analysed yet'}`,
        validate: validateReframe,
      });
    } catch (error) {
      const reason = error instanceof LlmCallError ? error.reason : 'error';
      this.metrics.llmFallbacks.inc({ purpose: 'reframe', reason });
      this.logger.entry('warn', 'LLM reframe not used; the local reframer answers', { reason });
      return null;
    } finally {
      stop();
    }
  }
}
