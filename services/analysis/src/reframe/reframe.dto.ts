import {
  LENS_TYPES,
  REFRAME_CONTENT_MAX_LENGTH,
  type LensType,
  type ReframeRequest,
} from '@frenly/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ReframeDto implements ReframeRequest {
  @IsIn(LENS_TYPES, { message: `lensType must be one of ${LENS_TYPES.join(', ')}` })
  lensType!: LensType;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'content must be a string' })
  @IsNotEmpty({ message: 'content must not be empty' })
  @MaxLength(REFRAME_CONTENT_MAX_LENGTH, {
    message: `content must be at most ${REFRAME_CONTENT_MAX_LENGTH} characters`,
  })
  content!: string;
}
