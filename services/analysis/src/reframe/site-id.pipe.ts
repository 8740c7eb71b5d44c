import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

const MAX_SITE_ID = 2_147_483_647;

/**
 * `:id` of /api/sites/:id/…: a positive whole number, or a 400 saying so. The global
 * ValidationPipe may already have turned the text into a number (NaN for "abc").
 */
@Injectable()
export class SiteIdPipe implements PipeTransform<string | number, number> {
  transform(value: string | number): number {
    const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SITE_ID) {
      const shown = typeof value === 'string' ? ` (got "${value.slice(0, 40)}")` : Number.isFinite(value) ? ` (got ${value})` : '';
      throw new BadRequestException(`site id must be a positive whole number${shown}`);
    }
    return id;
  }
}
