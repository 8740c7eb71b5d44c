import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { VoteResponse } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { SiteIdPipe } from '../sites/site-id.pipe.js';
import { VoteDto } from './vote.dto.js';
import { VotesService } from './votes.service.js';

@Controller('api/sites')
@UseGuards(SignedInGuard)
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  /** Votes on a site: the same vote again removes it, the other one switches it. Answers the new counts. */
  @Post(':id/vote')
  @HttpCode(200)
  cast(
    @CurrentIdentity() identity: Identity,
    @Param('id', SiteIdPipe) siteId: number,
    @Body() body: VoteDto,
  ): Promise<VoteResponse> {
    return this.votes.cast(identity.userId, siteId, body.type);
  }
}
