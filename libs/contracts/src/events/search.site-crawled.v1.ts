/**
 * The crawler fetched a site's start page and hands it to the HTML tier of the analysis, so
 * the page is fetched once for both. Key: the site id, as a decimal string.
 *
 * Size: the HTML travels gzip-compressed and base64-encoded, cut at SITE_CRAWLED_MAX_HTML_BYTES
 * before compression (`htmlTruncated` says so), which keeps one record far below Kafka's
 * default 1 MB message limit (a 512 KiB page compresses to well under 200 KB).
 */
export interface SiteCrawledV1 {
  /** Catalogue id of the page (search.sites.id). */
  siteId: number;
  /** The page's canonical URL in the catalogue: the URL its analysis is stored under. */
  url: string;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  /** HTTP status of the answer (2xx or 3xx: the crawler does not hand over error pages). */
  status: number;
  /** Response headers the HTML tier reads (lower-case names; set-cookie may repeat). */
  headers: Record<string, string | string[]>;
  /** The final hop used TLS, and its certificate verified. */
  tls: boolean;
  certificateValid: boolean;
  redirects: number;
  /** Body size as received (decompressed), before any cut. */
  bytes: number;
  /** The body, UTF-8, gzip, base64. */
  htmlGzipBase64: string;
  /** true when the body was cut at SITE_CRAWLED_MAX_HTML_BYTES. */
  htmlTruncated: boolean;
  /** ISO 8601: when the page was fetched. */
  fetchedAt: string;
  /** 'demand': a search showed the site without insights (analysed ahead of 'background'). */
  reason: 'demand' | 'background';
}

/** Bytes of HTML a site-crawled event carries at most (before gzip). */
export const SITE_CRAWLED_MAX_HTML_BYTES = 512 * 1024;
