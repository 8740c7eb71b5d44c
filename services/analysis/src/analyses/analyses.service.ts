import { Injectable } from '@nestjs/common';
import type { AnalysisResponse } from '@frenly/contracts';
import { AnalysisError } from '../analysis.errors.js';
import { analysisResponseOf } from '../analyze/analysis-response.js';
import { CommunityReader } from '../sites/community.reader.js';
import { SiteRefsRepository } from '../sites/site-refs.repository.js';
import { AnalysesRepository, reportOf } from './analyses.repository.js';
import { ScreenshotsRepository } from './screenshots.repository.js';

/** Reads of stored analyses: the report as it is now (the browser tier may have enriched it), its screenshot. */
@Injectable()
export class AnalysesService {
  constructor(
    private readonly analyses: AnalysesRepository,
    private readonly siteRefs: SiteRefsRepository,
    private readonly community: CommunityReader,
    private readonly screenshots: ScreenshotsRepository,
  ) {}

  /** The analysis screen's data for one stored analysis, with today's community totals. */
  async byId(analysisId: string): Promise<AnalysisResponse> {
    const row = await this.analyses.getById(analysisId);
    if (row?.status !== 'completed') throw AnalysisError.analysisNotFound();
    const siteId = await this.siteRefs.siteIdOf(row.url);
    if (siteId === undefined) throw AnalysisError.siteNotIndexed();
    const report = reportOf(row);
    const community = await this.community.figuresOf(siteId);
    return analysisResponseOf({ siteId, row, report, community, cached: true });
  }

  async screenshot(analysisId: string): Promise<Buffer> {
    const png = await this.screenshots.pngOf(analysisId);
    if (!png) throw AnalysisError.analysisNotFound('screenshot');
    return png;
  }
}
