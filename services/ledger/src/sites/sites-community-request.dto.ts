import { INTERNAL_COMMUNITY_MAX_SITES, type SitesCommunityRequest } from '@frenly/contracts';
import { MAX_SITE_ID } from '@frenly/platform';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined } from 'class-validator';
import { IsWholeNumberIn } from '../stakes/whole-number.validator.js';

/** Body of POST /internal/community: JSON numbers only ("7" is refused, not converted). */
export class SitesCommunityRequestDto implements SitesCommunityRequest {
  @IsDefined({ message: 'siteIds is required' })
  @IsArray({ message: 'siteIds must be an array' })
  @ArrayMinSize(1, { message: 'siteIds must name at least one site' })
  @ArrayMaxSize(INTERNAL_COMMUNITY_MAX_SITES, {
    message: `siteIds must name at most ${INTERNAL_COMMUNITY_MAX_SITES} sites`,
  })
  @IsWholeNumberIn(1, MAX_SITE_ID, {
    each: true,
    message: `siteIds must hold site ids: whole numbers from 1 to ${MAX_SITE_ID}`,
  })
  siteIds!: number[];
}
