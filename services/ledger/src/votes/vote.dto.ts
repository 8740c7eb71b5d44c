import { VOTE_TYPES, type VoteRequest, type VoteType } from '@frenly/contracts';
import { IsDefined, IsIn } from 'class-validator';

/** Body of POST /api/sites/:id/vote. */
export class VoteDto implements VoteRequest {
  @IsDefined({ message: 'type is required' })
  @IsIn(VOTE_TYPES, { message: `type must be one of ${VOTE_TYPES.join(', ')}` })
  type!: VoteType;
}
