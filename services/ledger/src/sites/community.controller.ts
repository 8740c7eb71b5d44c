import { Controller, Get, Param } from '@nestjs/common';
import type { SiteCommunityResponse } from '@frenly/contracts';
import { CommunityService } from './community.service.js';
import { SiteIdPipe } from './site-id.pipe.js';

/** Public: the analysis screen's community sidebar. */
@Controller('api/sites')
export class CommunityController {
  constructor(private readonly community: CommunityService) {}

  @Get(':id/community')
  get(@Param('id', SiteIdPipe) siteId: number): Promise<SiteCommunityResponse> {
    return this.community.forSite(siteId);
  }
}
