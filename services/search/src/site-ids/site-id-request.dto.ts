import { IsDefined, IsString, MaxLength } from 'class-validator';
import { MAX_URL_LENGTH } from '@frenly/contracts';

const TITLE_MAX_LENGTH = 1_000;
/** What the analysis service asks: the URL it analysed and the title it read there. */
export class SiteIdRequestDto {
  @IsDefined({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  @MaxLength(MAX_URL_LENGTH, { message: `url must be at most ${MAX_URL_LENGTH} characters` })
  url!: string;

  @IsDefined({ message: 'title is required' })
  @IsString({ message: 'title must be a string' })
  @MaxLength(TITLE_MAX_LENGTH, { message: `title must be at most ${TITLE_MAX_LENGTH} characters` })
  title!: string;
}
