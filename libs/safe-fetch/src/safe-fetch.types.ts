import type { IncomingHttpHeaders } from 'node:http';
import type { AllowList } from './allow-list.js';
import type { ResolveRules } from './resolve-rules.js';
import type { Resolver } from './resolver.js';

export const DEFAULT_USER_AGENT = 'FrenlyBot/0.1 (+https://github.com/frenly; site analysis)';
export const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;

export interface SafeFetcherOptions {
  /** host:port pairs that may be reached although not public (`FRENLY_FETCH_ALLOWLIST`). Empty by default. */
  readonly allowList?: AllowList | readonly string[];
  /** Name → addresses; the system resolver by default. Tests pass `createStaticResolver`. */
  readonly resolver?: Resolver;
  /**
   * `FRENLY_RESOLVE` rules (`HOST=ADDRESS:PORT`): mapped names connect to that address and port
   * instead (tests' fixture webs). The address still passes the address policy. None by default.
   */
  readonly resolve?: ResolveRules | readonly string[];
  /** Body cap, on the wire and decompressed. 5 MiB by default. */
  readonly maxBodyBytes?: number;
  /** Budget for the whole fetch, redirects and body included. 10 s by default. */
  readonly timeoutMs?: number;
  /** Redirects followed before TOO_MANY_REDIRECTS. 5 by default. */
  readonly maxRedirects?: number;
  readonly userAgent?: string;
  /** Extra trusted CA certificates (PEM), added to Node's roots: for tests' own HTTPS servers. */
  readonly ca?: string | Buffer | readonly (string | Buffer)[];
}

export interface FetchOptions {
  readonly method?: 'GET' | 'HEAD';
  /** The Accept header; HTML first by default. */
  readonly accept?: string;
  /** Stops the fetch with ABORTED. */
  readonly signal?: AbortSignal;
  /** Throw HTTP_ERROR for a final status >= 400 instead of returning it. */
  readonly rejectHttpErrors?: boolean;
  /** Per-call overrides of the fetcher's limits. */
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
}

export interface RedirectHop {
  /** The URL that answered with a redirect. */
  readonly url: string;
  readonly status: number;
  /** The absolute URL it pointed to. */
  readonly location: string;
}

export interface SafeFetchTimings {
  /** Name resolution, summed over hops. */
  readonly dnsMs: number;
  /** From the start until the final response's headers arrived. */
  readonly firstByteMs: number;
  /** From the start until the body was read. */
  readonly totalMs: number;
}

export interface SafeFetchResponse {
  /** The URL asked for (normalised). */
  readonly url: string;
  /** The URL that produced the response, after redirects. */
  readonly finalUrl: string;
  readonly status: number;
  readonly statusText: string;
  /** Response headers, lower-case names (Node's IncomingHttpHeaders). */
  readonly headers: IncomingHttpHeaders;
  /** The decompressed body. */
  readonly body: Buffer;
  /** MIME essence, lower-case ("text/html"), or null. */
  readonly contentType: string | null;
  /** The encoding `text()` uses (BOM, header charset, <meta charset>, else utf-8). */
  readonly encoding: string;
  /** The body decoded with `encoding`. */
  text(): string;
  readonly redirects: readonly RedirectHop[];
  /** The address the final response came from (one of the vetted ones). */
  readonly remoteAddress: string | null;
  /** The final hop used TLS. */
  readonly tls: boolean;
  /** The final hop's certificate chain and host name were verified (always true when `tls`). */
  readonly certificateValid: boolean;
  readonly timings: SafeFetchTimings;
}
