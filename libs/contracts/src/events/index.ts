import type { SiteAnalyzedV1 } from './analysis.site-analyzed.v1.js';
import type { StakePlacedV1 } from './ledger.stake-placed.v1.js';
import type { VoteCastV1 } from './ledger.vote-cast.v1.js';
import type { QueryLoggedV1 } from './search.query-logged.v1.js';
import type { SiteIndexedV1 } from './search.site-indexed.v1.js';
import type { SiteCrawledV1 } from './search.site-crawled.v1.js';
import { Topics, type TopicName } from './topics.js';

export { Topics, type TopicName };
export { EventHeaders, type EventHeaderName } from './event-headers.js';
export { TOPIC_CATALOGUE, type TopicDescription } from './topic-catalogue.js';
export type { SiteAnalyzedV1, StakePlacedV1, VoteCastV1, QueryLoggedV1, SiteIndexedV1 };
export { SITE_CRAWLED_MAX_HTML_BYTES, type SiteCrawledV1 } from './search.site-crawled.v1.js';

/** Topic -> payload type: a handler of a topic receives exactly this payload. */
export interface EventPayloads {
  [Topics.VoteCast]: VoteCastV1;
  [Topics.StakePlaced]: StakePlacedV1;
  [Topics.SiteAnalyzed]: SiteAnalyzedV1;
  [Topics.SiteIndexed]: SiteIndexedV1;
  [Topics.QueryLogged]: QueryLoggedV1;
  [Topics.SiteCrawled]: SiteCrawledV1;
}

/** Current schema version of each topic's payload (bumped on breaking changes; see docs/event-stream.md). */
export const TopicVersions: Record<TopicName, number> = {
  [Topics.VoteCast]: 1,
  [Topics.StakePlaced]: 1,
  [Topics.SiteAnalyzed]: 1,
  [Topics.SiteIndexed]: 1,
  [Topics.QueryLogged]: 1,
  [Topics.SiteCrawled]: 1,
};
