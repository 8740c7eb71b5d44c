import { MY_VOTES_MAX_SITES } from '@frenly/contracts';
import { Matches } from 'class-validator';

/** Canonical decimal ids only (no signs, exponents, hex or padding), comma-separated. */
const SITE_ID_LIST = new RegExp(
  `^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,${MY_VOTES_MAX_SITES - 1}}$`,
);

export class MyVotesQuery {
  @Matches(SITE_ID_LIST, {
    message: `siteIds must be 1 to ${MY_VOTES_MAX_SITES} site ids (whole numbers from 1), comma-separated`,
  })
  siteIds!: string;

  siteIdList(): number[] {
    return [...new Set(this.siteIds.split(',').map(Number))].filter(Number.isSafeInteger);
  }
}
