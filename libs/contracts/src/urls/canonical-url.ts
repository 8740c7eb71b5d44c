// One spelling per page, shared by every service: the catalogue (search) keys sites by this
// form, and the analyzer matches site-indexed events to its analyses by it, so the two can
// never disagree about whether two addresses are the same page.

/** Longest URL any service accepts, before and after canonicalisation. */
export const MAX_URL_LENGTH = 2048;

// Parameters that only say where a visitor came from; they never change the page.
const TRACKING_PARAMETER =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref_src)$/i;

export class InvalidUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidUrlError';
  }
}

/**
 * The canonical form of a web address: http(s) only, no credentials, lower-case host without
 * a trailing dot, no default port, no fragment, tracking parameters removed and the rest
 * sorted, "/" for an empty path. A missing scheme means https (the analysis screen's rule).
 * Throws InvalidUrlError with a message a person can act on.
 */
export function canonicalUrl(input: string): string {
  const text = input.trim();
  if (text === '') throw new InvalidUrlError('url must not be empty');
  if (text.length > MAX_URL_LENGTH)
    throw new InvalidUrlError(`url must be at most ${MAX_URL_LENGTH} characters`);
  const withScheme =
    /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidUrlError(`url must be a valid web address (got "${shorten(text)}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidUrlError(
      `url must use http or https (got "${url.protocol.replace(/:$/, '')}")`,
    );
  }
  if (url.username || url.password)
    throw new InvalidUrlError('url must not contain a user name or password');
  const hostname = url.hostname.replace(/\.$/, '');
  // "_" is not valid in a DNS host name (RFC 952) but is common in real ones
  // (fahrenheit_fact.blogspot.com): browsers and resolvers accept it, and so do we.
  if (hostname === '' || !/^[a-z0-9_.[\]:-]+$/.test(hostname) || hostname.startsWith('.')) {
    throw new InvalidUrlError(`url must name a host (got "${shorten(text)}")`);
  }
  url.hostname = hostname;
  url.hash = '';
  const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMETER.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length > 0 ? new URLSearchParams(kept).toString() : '';
  const href = url.href;
  if (href.length > MAX_URL_LENGTH)
    throw new InvalidUrlError(`url must be at most ${MAX_URL_LENGTH} characters`);
  return href;
}

/**
 * canonicalUrl, or undefined for anything it refuses; `base` resolves a relative link found
 * on a page.
 */
export function tryCanonicalUrl(input: string, base?: string): string | undefined {
  try {
    return canonicalUrl(base === undefined ? input : new URL(input, base).href);
  } catch {
    return undefined;
  }
}

/** The site's domain as shown: the host without a leading "www.". */
export function domainOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** scheme://host[:port], the unit robots.txt and politeness apply to. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
