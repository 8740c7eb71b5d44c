import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type AnalysisEngine,
  type LensType,
  type ReframeResponse,
  domainOf,
} from '@frenly/contracts';
import { AnalysisError } from '../analysis.errors.js';
import { AnalysesRepository, reportOf } from '../analyses/analyses.repository.js';
import { LlmReframer } from '../llm/llm-reframer.js';
import { AnalysisMetrics } from '../metrics/analysis.metrics.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { reframeLocally } from './local-reframer.js';
import { ReframesRepository } from './reframes.repository.js';

@Injectable()
export class ReframeService {
  constructor(
    private readonly siteRefs: SiteRefsRepository,
    private readonly analyses: AnalysesRepository,
    private readonly reframes: ReframesRepository,
    private readonly llm: LlmReframer,
    private readonly metrics: AnalysisMetrics,
  ) {}

  /** Rewrites content through a lens; cached per (site, lens, content hash) while the site's evidence stays the same. */
  async reframe(siteId: number, lens: LensType, content: string): Promise<ReframeResponse> {
    const urls = await this.siteRefs.urlsOf(siteId);
    if (urls.length === 0) throw AnalysisError.siteNotFound(siteId);
    const row = await this.analyses.latestCompletedAmong(urls);
    const report = row ? reportOf(row) : null;
    const contentHash = createHash('sha256').update(content).digest('hex');

    const cached = await this.reframes.get(siteId, lens, contentHash);
    if (cached && cached.analysisId === (row?.id ?? null)) {
      this.metrics.reframes.inc({ engine: cached.engine, cached: 'true' });
      return this.withEngine(
        cached.reframedContent,
        cached.actionableAdvice,
        cached.engine === 'llm' ? 'llm' : 'heuristic',
      );
    }

    let engine: AnalysisEngine = 'heuristic';
    let result = await this.llm.reframe(lens, content, report);
    if (result) engine = 'llm';
    else
      result = reframeLocally({
        lens,
        content,
        report,
        domain: report?.domain ?? domainOf(urls[0] ?? 'https://site.invalid/'),
      });

    await this.reframes.put({
      siteId,
      lens,
      contentHash,
      analysisId: row?.id ?? null,
      engine,
      reframedContent: result.reframedContent,
      actionableAdvice: result.actionableAdvice ?? null,
    });
    this.metrics.reframes.inc({ engine, cached: 'false' });
    return this.withEngine(result.reframedContent, result.actionableAdvice ?? null, engine);
  }

  /** The answer, saying which engine wrote it (and the model's name when a model did). */
  private withEngine(
    reframedContent: string,
    actionableAdvice: string | null,
    engine: AnalysisEngine,
  ): ReframeResponse {
    const model = engine === 'llm' ? this.llm.model : null;
    return {
      reframedContent,
      ...(actionableAdvice ? { actionableAdvice } : {}),
      engine,
      ...(model ? { model } : {}),
    };
  }
}
