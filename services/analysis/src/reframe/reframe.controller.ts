import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { ReframeResponse } from '@frenly/contracts';
import { SignedInGuard } from '@frenly/platform';
import { ReframeDto } from './reframe.dto.js';
import { ReframeService } from './reframe.service.js';
import { SiteIdPipe } from './site-id.pipe.js';

@Controller('api/sites')
@UseGuards(SignedInGuard)
export class ReframeController {
  constructor(private readonly reframer: ReframeService) {}

  /** Rewrites a site's content through one of the five lenses (love, clarity, growth, trust, joy). */
  @Post(':id/reframe')
  @HttpCode(200)
  reframe(
    @Param('id', SiteIdPipe) siteId: number,
    @Body() body: ReframeDto,
  ): Promise<ReframeResponse> {
    return this.reframer.reframe(siteId, body.lensType, body.content);
  }
}
