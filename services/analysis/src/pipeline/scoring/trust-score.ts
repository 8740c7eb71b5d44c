// trustScore (high | medium | low) from the score, the security signals and the community's
// balance. Documented in docs/analysis-scoring.md; the unit spec walks every rule.
import type { TrustScore } from '@frenly/contracts';

export interface CommunitySignals {
  readonly upvotes: number;
  readonly downvotes: number;
  readonly supportTotal: number;
  readonly concernTotal: number;
}

export interface TrustInputs {
  readonly frenlinessScore: number;
  /** Fetched over HTTPS with a certificate that verified. */
  readonly verifiedHttps: boolean;
  readonly securityScore: number;
  /** Distinct manipulative pattern kinds found. */
  readonly manipulativePatterns: number;
  readonly community: CommunitySignals | null;
}

/** At least this many votes before the community's balance counts. */
export const MIN_VOTES_FOR_BALANCE = 5;
/** At least this much bamboo staked as concern before stakes count. */
export const MIN_CONCERN_FOR_BALANCE = 100;

/** The community is clearly worried: 70%+ down votes (of 5+), or concern stakes at least twice support (100+ bamboo). */
export function communityIsNegative(community: CommunitySignals | null): boolean {
  if (!community) return false;
  const votes = community.upvotes + community.downvotes;
  const downShare = votes === 0 ? 0 : community.downvotes / votes;
  const votesNegative = votes >= MIN_VOTES_FOR_BALANCE && downShare >= 0.7;
  const stakesNegative =
    community.concernTotal >= MIN_CONCERN_FOR_BALANCE &&
    community.concernTotal >= 2 * community.supportTotal;
  return votesNegative || stakesNegative;
}

/**
 * low: Frenliness under 40, no valid HTTPS, three or more manipulative pattern kinds, or a
 * clearly negative community. high: Frenliness 75+, valid HTTPS, security 60+, no manipulative
 * pattern and no negative community. Everything else: medium.
 */
export function deriveTrustScore(inputs: TrustInputs): TrustScore {
  const negative = communityIsNegative(inputs.community);
  if (
    inputs.frenlinessScore < 40 ||
    !inputs.verifiedHttps ||
    inputs.manipulativePatterns >= 3 ||
    negative
  )
    return 'low';
  if (
    inputs.frenlinessScore >= 75 &&
    inputs.securityScore >= 60 &&
    inputs.manipulativePatterns === 0
  )
    return 'high';
  return 'medium';
}
