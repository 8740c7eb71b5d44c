/** A stake was committed. Key: siteId. Carries the site's new totals (totalStaked = supportTotal + concernTotal). */
export interface StakePlacedV1 {
  stakeId: string;
  siteId: number;
  userId: string;
  amount: number;
  type: 'support' | 'concern';
  message: string | null;
  createdAt: string;
  totalStaked: number;
  supportTotal: number;
  concernTotal: number;
  /** Monotonic per site, shared with ledger.vote-cast (see there): compare it per topic. */
  siteVersion: number;
}
