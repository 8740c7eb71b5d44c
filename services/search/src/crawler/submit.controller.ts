import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import type { SiteSubmitResponse } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { CrawlService } from './crawl.service.js';
import { SiteSubmitDto } from './dto/site-submit.dto.js';

@Controller('api/search')
export class SubmitController {
  constructor(private readonly crawls: CrawlService) {}

  /** A signed-in user submits a site; it is crawled by a job and becomes searchable once crawled. */
  @Post('submit')
  @UseGuards(SignedInGuard)
  @HttpCode(HttpStatus.ACCEPTED)
  async submit(
    @Body() body: SiteSubmitDto,
    @CurrentIdentity() identity: Identity,
  ): Promise<SiteSubmitResponse> {
    const url = await this.crawls.submit(body.url, identity.userId);
    return { url, status: 'queued' };
  }
}
