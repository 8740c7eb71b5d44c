export enum BrowserTierErrorCode {
  /** The page never loaded: refused by the address policy, unreachable, or not a page. */
  NavigationFailed = 'NAVIGATION_FAILED',
}

/** Why the browser tier has no observation of a page; the HTML tier's report stands and says so. */
export class BrowserTierError extends Error {
  constructor(
    readonly code: BrowserTierErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BrowserTierError';
  }
}
