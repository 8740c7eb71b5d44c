/** A site entered the catalogue (or changed its canonical data). Key: siteId. */
export interface SiteIndexedV1 {
  siteId: number;
  url: string;
  domain: string;
  title: string;
  indexedAt: string;
}
