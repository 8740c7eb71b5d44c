/**
 * Server -> client: an analysis of a site landed; a card showing that site replaces its
 * insight area with these fields (no reload). Sent to every connected client, like
 * vote_update; a client ignores it when it shows no card for the site.
 *
 * Match a card by `siteId` when it is not null, else by `url` (an on-demand analysis of a page
 * the catalogue has not indexed yet has no site id).
 */
export interface LiveSiteInsightsUpdateMessage {
  type: 'site_insights_update';
  /** Catalogue id of the site, when the analysis knew it. */
  siteId: number | null;
  /** The canonical URL that was analysed. */
  url: string;
  domain: string;
  /** 0–100, from the analysis (never estimated). */
  frenlinessScore: number;
  trustScore: 'high' | 'medium' | 'low';
  /** Trackers the page was seen to load (HTML tier: referenced by its markup). */
  trackers: number;
  /** Names of the manipulative designs found, as the analysis names them. */
  darkPatterns: string[];
  /** ISO 8601: when the analysis finished. */
  analysedAt: string;
  /** 'html': the page's HTML as fetched; 'browser': the page run in a browser. */
  tier: 'html' | 'browser';
}
