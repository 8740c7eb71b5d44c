/**
 * What a search result says about a site beside (or instead of) its analysis: where its
 * insights stand, and what public data shipped with Frenly says about the domain. Nothing here
 * is a score: a card without an analysis shows no Frenliness number.
 */

/**
 * Where a result's insights stand.
 * - `analysed`: the site has an analysis (`SearchResultDto.analyzedAt` says when).
 * - `queued`: the crawler will fetch and analyse it; `etaMinutes` is an estimate from the
 *   crawl budget and the work ahead of it ("usually ready in N min"), at least 1.
 * - `unreachable`: this Frenly installation cannot reach the web right now (many hosts in a
 *   row failed at DNS or connection level); nothing can be analysed until it can.
 * - `not_analysable`: the last crawl could not read the site (robots.txt disallows it, the
 *   site refused or failed); `reason` says which, in words; it is tried again later.
 */
export type ResultInsightState =
  | { state: 'analysed' }
  | {
      state: 'queued';
      /**
       * @asType integer
       * @minimum 1
       */
      etaMinutes: number;
    }
  | { state: 'unreachable' }
  | { state: 'not_analysable'; reason: string };

/** Whether this installation's crawler can reach the web (its last attempts across hosts). */
export type WebReachability = 'reachable' | 'unreachable';

/**
 * Facts about a result's domain from public data shipped with Frenly, each naming its source.
 * Only what the data says about the domain itself: never a judgement of the site.
 */
export interface DomainFacts {
  /**
   * The organisation that owns the domain, per Ghostery TrackerDB (the tracker database the
   * analysis uses; its entries name companies whose domains serve tracking): null when the
   * domain is not in it. Being listed there says who owns the domain, not that this page tracks.
   */
  owner: { name: string; source: 'ghostery-trackerdb'; sourceVersion: string } | null;
}
