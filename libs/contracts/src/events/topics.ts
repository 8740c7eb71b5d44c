/** Kafka topic names; shared by producers, consumers and the AsyncAPI document. */
export const Topics = {
  VoteCast: 'ledger.vote-cast',
  StakePlaced: 'ledger.stake-placed',
  SiteAnalyzed: 'analysis.site-analyzed',
  SiteIndexed: 'search.site-indexed',
  QueryLogged: 'search.query-logged',
  SiteCrawled: 'search.site-crawled',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];
