import { IsDefined, IsString, MaxLength } from 'class-validator';
import { type SiteSubmitRequest, MAX_URL_LENGTH } from '@frenly/contracts';

export class SiteSubmitDto implements SiteSubmitRequest {
  @IsDefined({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  @MaxLength(MAX_URL_LENGTH, { message: `url must be at most ${MAX_URL_LENGTH} characters` })
  url!: string;
}
