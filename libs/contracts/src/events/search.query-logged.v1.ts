/** A search was run. Key: the normalised query. The visitor id is a salted hash, never an IP. */
export interface QueryLoggedV1 {
  query: string;
  normalizedQuery: string;
  visitorHash: string;
  resultCount: number;
  loggedAt: string;
}
