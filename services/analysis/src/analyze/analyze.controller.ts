import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { AnalysisResponse } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { AnalyzeDto } from './analyze.dto.js';
import { AnalyzeService } from './analyze.service.js';

@Controller('api/sites')
@UseGuards(SignedInGuard)
export class AnalyzeController {
  constructor(private readonly analyzer: AnalyzeService) {}

  /** Analyses a site (or serves a recent analysis): scores, evidence, insights, community. */
  @Post('analyze')
  @HttpCode(200)
  analyze(
    @Body() body: AnalyzeDto,
    @CurrentIdentity() identity: Identity,
  ): Promise<AnalysisResponse> {
    return this.analyzer.analyze(body.url, identity.userId);
  }
}
