// trustScore (high | medium | low): the one rule, shared by the analysis screen, the search
// results and the analysis pipeline, so that the screens cannot disagree about a site. Documented
// in docs/analysis-scoring.md; trust-score.spec.ts walks every branch.
import type { SiteDto, TrustScore } from './site.js';

/** A site's community totals as the ledger's events project them. */
export interface CommunitySignals {
  readonly upvotes: number;
  readonly downvotes: number;
  readonly supportTotal: number;
  readonly concernTotal: number;
}

/** What an analysis found that trust rests on. */
export interface AnalysisTrustInputs {
  readonly frenlinessScore: number;
  /** Fetched over HTTPS with a certificate that verified. */
  readonly verifiedHttps: boolean;
  readonly securityScore: number;
  /** Distinct manipulative pattern kinds found. */
  readonly manipulativePatterns: number;
}

export interface TrustInputs extends AnalysisTrustInputs {
  readonly community: CommunitySignals | null;
}

/** At least this many votes before the community's balance counts. */
export const MIN_VOTES_FOR_BALANCE = 5;
/** Share of down votes (of MIN_VOTES_FOR_BALANCE or more) that makes the community negative. */
export const NEGATIVE_DOWN_SHARE = 0.7;
/** At least this much bamboo staked as concern before stakes count. */
export const MIN_CONCERN_FOR_BALANCE = 100;
/** Concern stakes this many times support make the community negative. */
export const CONCERN_OVER_SUPPORT = 2;

/** The community is clearly worried: 70%+ down votes (of 5+), or concern stakes at least twice support (100+ bamboo). */
export function communityIsNegative(community: CommunitySignals | null): boolean {
  if (!community) return false;
  const votes = community.upvotes + community.downvotes;
  const downShare = votes === 0 ? 0 : community.downvotes / votes;
  const votesNegative = votes >= MIN_VOTES_FOR_BALANCE && downShare >= NEGATIVE_DOWN_SHARE;
  const stakesNegative =
    community.concernTotal >= MIN_CONCERN_FOR_BALANCE &&
    community.concernTotal >= CONCERN_OVER_SUPPORT * community.supportTotal;
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

/** The fields of a site (as both screens carry it) that its trustScore is derived from. */
export type TrustedSite = Pick<SiteDto, 'frenlinessScore' | 'isVerified' | 'analysisData'>;

/**
 * The analysis inputs of a site's trustScore, read from the site as search results and the
 * analysis screen both carry it: its Frenliness score and verified HTTPS, and in its
 * analysisData (full or compact) `dimensions.security` and the `pattern` of each
 * `evidence.manipulation` finding. Undefined when the site has no analysis that holds them.
 */
export function analysisTrustInputsOf(site: TrustedSite): AnalysisTrustInputs | undefined {
  const data = site.analysisData;
  if (site.frenlinessScore === null || !data) return undefined;
  const security = (data['dimensions'] as { security?: unknown } | undefined)?.security;
  const manipulation = (data['evidence'] as { manipulation?: unknown } | undefined)?.manipulation;
  if (typeof security !== 'number' || !Array.isArray(manipulation)) return undefined;
  const kinds = new Set(
    manipulation.map((finding) => (finding as { pattern?: unknown } | null)?.pattern),
  );
  return {
    frenlinessScore: site.frenlinessScore,
    verifiedHttps: site.isVerified,
    securityScore: security,
    manipulativePatterns: kinds.size,
  };
}

/**
 * A site's trustScore with the community as it is now: what every screen shows. Derived from
 * the site's analysis (analysisTrustInputsOf) and `community`; for a site whose analysis does
 * not hold those inputs, `asAnalysed` (the score fixed when it was analysed) turned low by a
 * negative community; null for a site not analysed.
 */
export function siteTrustScore(
  site: TrustedSite,
  community: CommunitySignals | null,
  asAnalysed: TrustScore | null,
): TrustScore | null {
  const inputs = analysisTrustInputsOf(site);
  if (inputs) return deriveTrustScore({ ...inputs, community });
  if (asAnalysed === null) return null;
  return communityIsNegative(community) ? 'low' : asAnalysed;
}
