import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

const MAX_SITE_ID = 2_147_483_647;

/** `:id` of /api/sites/:id/…: a positive whole number, or a 400 saying so. */
@Injectable()
export class SiteIdPipe implements PipeTransform<unknown, number> {
  // The global ValidationPipe may already have turned the text into a number (NaN for "abc").
  transform(value: unknown): number {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SITE_ID) {
      throw new BadRequestException('site id must be a positive whole number');
    }
    return id;
  }
}
