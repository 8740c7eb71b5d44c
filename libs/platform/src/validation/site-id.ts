import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** Site ids are PostgreSQL `integer`s from 1. */
export const MAX_SITE_ID = 2_147_483_647;

/**
 * A site id as written in a path or query: canonical decimal only (`400`, not `0x190`, `4e2`,
 * ` 400`, `0400` or `400 `), so that one site has one spelling and no parser's leniency
 * (Number(), parseInt) decides what a request means.
 */
const CANONICAL_SITE_ID = /^[1-9][0-9]{0,9}$/;

/** The site id `text` names, or undefined when it is not one. */
export function parseSiteId(text: string): number | undefined {
  if (!CANONICAL_SITE_ID.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_SITE_ID ? id : undefined;
}

/**
 * `:id` of /api/sites/:id/…: a canonical site id, or a 400 saying so. The global validation
 * pipe runs first and hands over the text, or a number it converted from canonical decimal
 * text (it turns anything else into NaN: see validation.ts).
 */
@Injectable()
export class SiteIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    const id =
      typeof value === 'string'
        ? parseSiteId(value)
        : typeof value === 'number'
          ? parseSiteId(String(value))
          : undefined;
    // Written in decimal, as the API documents; the ledger's and analysis's tests hold this wording.
    if (id === undefined) throw new BadRequestException('site id must be a positive whole number');
    return id;
  }
}
