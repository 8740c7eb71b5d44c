import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import type { MyVotesResponse } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { MyVotesQuery } from './my-votes.dto.js';
import { VotesService } from './votes.service.js';

@Controller('api/ledger')
@UseGuards(SignedInGuard)
export class MyVotesController {
  constructor(private readonly votes: VotesService) {}

  /** The signed-in user's votes on the given sites, so that vote buttons show how they voted. */
  @Get('votes')
  mine(
    @CurrentIdentity() identity: Identity,
    @Query() query: MyVotesQuery,
  ): Promise<MyVotesResponse> {
    return this.votes.mine(identity.userId, query.siteIdList());
  }
}
