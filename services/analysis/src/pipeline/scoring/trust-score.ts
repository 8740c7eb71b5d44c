// The trustScore rule lives in @frenly/contracts (http/trust-score.ts), shared with search, so
// that the analysis screen and the search results derive it alike. Kept for code that still
// imports it from here; import from @frenly/contracts instead.
export {
  communityIsNegative,
  deriveTrustScore,
  type CommunitySignals,
  type TrustInputs,
} from '@frenly/contracts';
