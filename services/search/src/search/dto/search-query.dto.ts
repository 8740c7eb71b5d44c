import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchRequest,
} from '@frenly/contracts';
import { IsPlainText } from './plain-text.js';

// Only plain decimal digits become numbers; anything else stays as sent and fails @IsInt.
const toInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim()) ? Number(value) : value;

/** Query string of GET /api/search. */
export class SearchQueryDto implements SearchRequest {
  @IsDefined({ message: 'q is required' })
  @IsString({ message: 'q must be a single string' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: 'q must not be blank' })
  @MaxLength(SEARCH_QUERY_MAX_LENGTH, {
    message: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  })
  @IsPlainText({
    message:
      'q must not contain control characters (such as NUL, tab or line breaks) or unpaired surrogates',
  })
  q!: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(1000, { message: 'page must be at most 1000' })
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(SEARCH_LIMIT_MAX, { message: `limit must be at most ${SEARCH_LIMIT_MAX}` })
  limit?: number;
}

export const DEFAULT_LIMIT = SEARCH_LIMIT_DEFAULT;
