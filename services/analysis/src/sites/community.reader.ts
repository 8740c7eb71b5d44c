import { Inject, Injectable } from '@nestjs/common';
import type { CommunitySignals, StakeDto } from '@frenly/contracts';
import { JsonLogger, currentRequestId } from '@frenly/platform';
import { LEDGER_COMMUNITY, type LedgerCommunity } from './ledger-community.js';

/** A site's community totals: what trust weighs (CommunitySignals) and all bamboo staked. */
export interface CommunityTotals extends CommunitySignals {
  readonly totalStaked: number;
}

/** What an answer shows of the community: the totals and the latest stakes, newest first. */
export interface CommunityFigures {
  readonly totals: CommunityTotals;
  readonly recentStakes: StakeDto[];
}

/**
 * The community figures of a site as the ledger has them now (LedgerCommunity): one home for
 * them, so the analysis answer equals the ledger's sidebar at once, with nothing to catch up.
 *
 * When the ledger cannot be asked, the answer is null: *unknown*, never zeros. An analysis
 * must still be produced and answered without the ledger, and "0 votes" would be a claim we
 * cannot make; so scoring treats unknown as no community signal (as before any vote), and the
 * answer says the figures are unavailable (the analysis screen asks the ledger itself).
 */
@Injectable()
export class CommunityReader {
  private readonly logger: JsonLogger;

  constructor(
    @Inject(LEDGER_COMMUNITY) private readonly ledger: LedgerCommunity,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('CommunityReader');
  }

  /** The site's totals and latest stakes; null when the ledger cannot be asked. */
  async figuresOf(siteId: number): Promise<CommunityFigures | null> {
    let answer;
    try {
      answer = await this.ledger.forSites([siteId]);
    } catch (error) {
      this.logger.entry('warn', 'community figures unknown: the ledger could not be asked', {
        siteId,
        error: String(error),
        requestId: currentRequestId(),
      });
      return null;
    }
    const site = answer.sites.find((figures) => figures.siteId === siteId);
    // A site the ledger does not know has no votes or stakes: the ledger refuses both for it.
    if (!site) return { totals: NO_COMMUNITY, recentStakes: [] };
    return {
      totals: {
        upvotes: site.upvotes,
        downvotes: site.downvotes,
        totalStaked: site.totalStaked,
        supportTotal: site.supportTotal,
        concernTotal: site.concernTotal,
      },
      recentStakes: site.recentStakes,
    };
  }

  /** The site's totals, for scoring; null when the ledger cannot be asked (no community signal). */
  async totalsOf(siteId: number): Promise<CommunityTotals | null> {
    return (await this.figuresOf(siteId))?.totals ?? null;
  }
}

const NO_COMMUNITY: CommunityTotals = {
  upvotes: 0,
  downvotes: 0,
  totalStaked: 0,
  supportTotal: 0,
  concernTotal: 0,
};
