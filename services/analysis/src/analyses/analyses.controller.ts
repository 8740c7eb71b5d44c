import {
  Controller,
  Get,
  Header,
  Param,
  ParseUUIDPipe,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import type { AnalysisResponse } from '@frenly/contracts';
import { SignedInGuard } from '@frenly/platform';
import { AnalysisError } from '../analysis.errors.js';
import { AnalysesService } from './analyses.service.js';

const AnalysisIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => AnalysisError.invalidAnalysisId(),
});

@Controller('api/analyses')
@UseGuards(SignedInGuard)
export class AnalysesController {
  constructor(private readonly analyses: AnalysesService) {}

  /** A stored analysis as it is now: the screen fetches it again when the browser tier's report lands. */
  @Get(':id')
  @Header('Cache-Control', 'no-store')
  byId(@Param('id', AnalysisIdPipe) analysisId: string): Promise<AnalysisResponse> {
    return this.analyses.byId(analysisId);
  }

  /** The first screen of the analysed page as the browser tier saw it (PNG). */
  @Get(':id/screenshot')
  @Header('Content-Type', 'image/png')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Security-Policy', "default-src 'none'")
  async screenshot(@Param('id', AnalysisIdPipe) analysisId: string): Promise<StreamableFile> {
    return new StreamableFile(await this.analyses.screenshot(analysisId), { type: 'image/png' });
  }
}
