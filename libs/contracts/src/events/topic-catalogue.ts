import { Topics, type TopicName } from './topics.js';

/** What a reader of the event stream needs to know about one topic, beside its payload schema. */
export interface TopicDescription {
  /** The only service that publishes on the topic (through its transactional outbox). */
  readonly producer: 'search' | 'ledger' | 'analysis';
  /** The services that consume it inside Frenly (external readers use their own groups). */
  readonly consumers: readonly ('search' | 'ledger' | 'analysis' | 'realtime')[];
  /** What the record key is: records with the same key keep their order. */
  readonly key: string;
  readonly summary: string;
}

/**
 * One entry per topic (the Record type makes a new topic without an entry a compile error);
 * scripts/contracts-docs.mjs turns it, with the payload types, into docs/api/asyncapi.json.
 */
export const TOPIC_CATALOGUE: Readonly<Record<TopicName, TopicDescription>> = {
  [Topics.VoteCast]: {
    producer: 'ledger',
    consumers: ['search', 'realtime'],
    key: 'The site id, as a decimal string.',
    summary:
      "A user's vote changed a site's counts; carries the new totals (not a delta) and the site's version.",
  },
  [Topics.StakePlaced]: {
    producer: 'ledger',
    consumers: ['search', 'realtime'],
    key: 'The site id, as a decimal string.',
    summary: "Bamboo was staked on a site; carries the stake and the site's new stake totals.",
  },
  [Topics.SiteAnalyzed]: {
    producer: 'analysis',
    consumers: ['search'],
    key: "The site's canonical URL (the site may not have an id yet).",
    summary:
      'An analysis of a site finished: Frenliness and trust scores, UX scores and the evidence behind them.',
  },
  [Topics.SiteIndexed]: {
    producer: 'search',
    consumers: ['ledger', 'analysis'],
    key: 'The site id, as a decimal string.',
    summary: 'A site entered the search catalogue, or its canonical data changed.',
  },
  [Topics.QueryLogged]: {
    producer: 'search',
    consumers: [],
    key: 'The normalised query.',
    summary:
      'A search was run (for analytics and trending); the visitor is a salted hash, never an IP address.',
  },
  [Topics.SiteCrawled]: {
    producer: 'search',
    consumers: ['analysis'],
    key: 'The site id, as a decimal string.',
    summary:
      "The crawler fetched a site's start page: its HTML (gzip, base64, capped) and headers, for the HTML tier of the analysis without a second fetch.",
  },
};
