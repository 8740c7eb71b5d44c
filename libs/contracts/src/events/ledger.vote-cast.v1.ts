/** A user's vote changed a site's counts. Key: siteId. Carries the new totals, not a delta. */
export interface VoteCastV1 {
  siteId: number;
  userId: string;
  /** The user's vote after the change; null when the vote was removed. */
  vote: 'up' | 'down' | null;
  upvotes: number;
  downvotes: number;
  /**
   * Monotonic per site, so consumers can ignore stale totals that arrive late. One counter per
   * site is shared with ledger.stake-placed; Kafka keeps a site's order within one topic only,
   * so compare versions per topic (the last vote-cast version seen for the site).
   */
  siteVersion: number;
}
