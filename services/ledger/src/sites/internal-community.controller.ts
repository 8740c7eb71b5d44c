import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { INTERNAL_COMMUNITY_PATH, type SitesCommunityResponse } from '@frenly/contracts';
import { InternalCallGuard } from '@frenly/platform';
import { CommunityService } from './community.service.js';
import { SitesCommunityRequestDto } from './sites-community-request.dto.js';

/**
 * Internal (distributed runtime only; the gateway never forwards it): the analysis service
 * reads the community figures of the sites it answers for here, instead of projecting them.
 */
@Controller(INTERNAL_COMMUNITY_PATH)
@UseGuards(InternalCallGuard)
export class InternalCommunityController {
  constructor(private readonly community: CommunityService) {}

  @Post()
  @HttpCode(200)
  forSites(@Body() body: SitesCommunityRequestDto): Promise<SitesCommunityResponse> {
    return this.community.forSites(body.siteIds);
  }
}
