import {
  STAKE_MAX_AMOUNT,
  STAKE_MESSAGE_MAX,
  STAKE_MIN_AMOUNT,
  STAKE_TYPES,
  type StakeCreateRequest,
  type StakeType,
} from '@frenly/contracts';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsWholeNumberIn } from './whole-number.validator.js';

const MAX_SITE_ID = 2_147_483_647;

/** Body of POST /api/stakes. Numbers must be JSON numbers: "50" is refused, not converted. */
export class StakeCreateDto implements StakeCreateRequest {
  @IsDefined({ message: 'siteId is required' })
  @IsWholeNumberIn(1, MAX_SITE_ID)
  siteId!: number;

  @IsDefined({ message: 'amount is required' })
  @IsWholeNumberIn(STAKE_MIN_AMOUNT, STAKE_MAX_AMOUNT)
  amount!: number;

  @IsDefined({ message: 'type is required' })
  @IsIn(STAKE_TYPES, { message: `type must be one of ${STAKE_TYPES.join(', ')}` })
  type!: StakeType;

  /** Trimmed; an empty message is dropped. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim() || undefined : value,
  )
  @IsOptional()
  @IsString({ message: 'message must be text' })
  @MaxLength(STAKE_MESSAGE_MAX, {
    message: `message must be at most ${STAKE_MESSAGE_MAX} characters`,
  })
  message?: string;
}
