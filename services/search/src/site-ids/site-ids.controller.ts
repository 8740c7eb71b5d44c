import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { SiteIndexedV1 } from '@frenly/contracts';
import { InternalCallGuard } from '@frenly/platform';
import { SiteIdRequestDto } from './site-id-request.dto.js';
import { SiteIdsService } from './site-ids.service.js';

/** Path of the internal route (distributed runtime only; the gateway never forwards it). */
export const SITE_IDS_PATH = '/internal/site-ids';

@Controller(SITE_IDS_PATH)
@UseGuards(InternalCallGuard)
export class SiteIdsController {
  constructor(private readonly siteIds: SiteIdsService) {}

  /** The site id of an analysed URL, registered in the catalogue when new; same answer every time. */
  @Post()
  @HttpCode(200)
  siteOf(@Body() body: SiteIdRequestDto): Promise<SiteIndexedV1> {
    return this.siteIds.siteOf(body);
  }
}
