/** Why a whole crawl could not run (single pages failing are only reported). */
export enum CrawlErrorCode {
  /** Not an http(s) URL we can catalogue. */
  InvalidUrl = 'INVALID_URL',
  /** The safe fetcher refused the address (private, loopback, metadata…). */
  Refused = 'REFUSED',
  /** robots.txt asks for more time between requests than we wait. */
  CrawlDelayTooLong = 'CRAWL_DELAY_TOO_LONG',
  /** robots.txt disallows the start page. */
  DisallowedByRobots = 'DISALLOWED_BY_ROBOTS',
  /** The host could not be reached at all (DNS, connection, timeout): no crawl this time. */
  Unreachable = 'UNREACHABLE',
}

export class CrawlError extends Error {
  constructor(
    readonly code: CrawlErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CrawlError';
  }
}
