export const STAKE_TYPES = ['support', 'concern'] as const;
export type StakeType = (typeof STAKE_TYPES)[number];
export const STAKE_MESSAGE_MAX = 500;
export const STAKE_MIN_AMOUNT = 1;
/** The largest single stake the ledger accepts (far above any balance a grant gives). */
export const STAKE_MAX_AMOUNT = 1_000_000;

/**
 * Request header of `POST /api/stakes`: a replay with the same key (per user) returns the
 * first answer and charges once; the same key with a different body gets a 422.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Response header set to `true` on an answer replayed for an `Idempotency-Key`. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export interface StakeCreateRequest {
  siteId: number;
  amount: number;
  type: StakeType;
  message?: string;
}

export interface StakeDto {
  id: string;
  userId: string;
  siteId: number;
  amount: number;
  type: StakeType;
  message: string | null;
  createdAt: string;
  domain?: string;
  /** The site's address, to link to its analysis (in stake lists). */
  url?: string;
}

export interface StakeCreateResponse {
  stake: StakeDto;
  bambooBalance: number;
  /**
   * The site's totals with this stake booked: a client shows them at once, whatever the search
   * index (updated from the stake's event a moment later) answers meanwhile.
   */
  site: SiteStakeTotals;
}

/** A site's stake totals. Stakes are never withdrawn: each total only grows. */
export type SiteStakeTotals = Pick<
  SiteCommunityResponse,
  'totalStaked' | 'supportTotal' | 'concernTotal'
>;

/** A site's stake totals from its two halves: all bamboo staked is support plus concern. */
export function siteStakeTotals(split: {
  supportTotal: number;
  concernTotal: number;
}): SiteStakeTotals {
  return {
    totalStaked: split.supportTotal + split.concernTotal,
    supportTotal: split.supportTotal,
    concernTotal: split.concernTotal,
  };
}

/** `GET /api/ledger/balance`: the signed-in user's balance (the account and its grant are created on first contact). */
export interface BalanceResponse {
  bambooBalance: number;
}

export const VOTE_TYPES = ['up', 'down'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
export interface VoteRequest {
  type: VoteType;
}
export interface VoteResponse {
  upvotes: number;
  downvotes: number;
  /** The signed-in user's vote on the site after this call; null when it was removed. */
  yourVote: VoteType | null;
}

/** Most sites `GET /api/ledger/votes` answers for in one call (a results page shows 10). */
export const MY_VOTES_MAX_SITES = 50;

/** Query of `GET /api/ledger/votes`. */
export interface MyVotesRequest {
  /**
   * Site ids, comma-separated canonical decimal ids (at most MY_VOTES_MAX_SITES).
   * @pattern ^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,49}$
   */
  siteIds: string;
}

/** Body of `GET /api/ledger/votes`: the signed-in user's vote per site id; sites without one are absent. */
export interface MyVotesResponse {
  votes: Record<string, VoteType>;
}

/** `GET /api/sites/{id}/community` (public): the community's view of a site, for the analysis sidebar. */
export interface SiteCommunityResponse {
  siteId: number;
  upvotes: number;
  downvotes: number;
  /** supportTotal + concernTotal: all bamboo staked on the site. */
  totalStaked: number;
  supportTotal: number;
  concernTotal: number;
  /** The latest stakes (at most SITE_RECENT_STAKES), newest first, with their messages. */
  recentStakes: StakeDto[];
  /**
   * Present while the ledger has not learnt the site yet (its site-indexed event is on its way,
   * the moment after an analysis added it): the figures are zero, and a vote or stake on the
   * site is refused until it is learnt. Absent once the site is known.
   */
  pending?: true;
}
export const SITE_RECENT_STAKES = 10;

/** The `code` of the ledger's error answers (the `message` says what is wrong in words). */
export const LedgerErrorCodes = {
  InsufficientBalance: 'INSUFFICIENT_BALANCE',
  /** A stake names a site the ledger does not know (400: a field of the body is wrong). */
  UnknownSite: 'UNKNOWN_SITE',
  /** A vote names, in its path, a site the ledger does not know (404). */
  SiteNotFound: 'SITE_NOT_FOUND',
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
export type LedgerErrorCode = (typeof LedgerErrorCodes)[keyof typeof LedgerErrorCodes];
