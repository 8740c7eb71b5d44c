import { ANALYZE_URL_MAX_LENGTH, type AnalyzeRequest } from '@frenly/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class AnalyzeDto implements AnalyzeRequest {
  @IsString({ message: 'url must be a string' })
  @IsNotEmpty({ message: 'url must not be empty' })
  @MaxLength(ANALYZE_URL_MAX_LENGTH, {
    message: `url must be at most ${ANALYZE_URL_MAX_LENGTH} characters`,
  })
  url!: string;
}
