import { classifyAddress } from './address/classify-address.js';
import { AllowList } from './allow-list.js';
import { decodeText, detectEncoding, parseContentType } from './body/decode-text.js';
import { SUPPORTED_ENCODINGS } from './body/content-decoder.js';
import { checkAnnouncedLength, readBody } from './body/read-body.js';
import { checkAddress, checkUrl, type CheckedUrl } from './check-url.js';
import { Deadline } from './deadline.js';
import { openHop, type OpenHop } from './http/open-hop.js';
import { ResolveRules } from './resolve-rules.js';
import { systemResolver, type Resolver } from './resolver.js';
import { SafeFetchError, SafeFetchErrorCode } from './safe-fetch-error.js';
import {
  DEFAULT_ACCEPT,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  type FetchOptions,
  type RedirectHop,
  type SafeFetcherOptions,
  type SafeFetchResponse,
} from './safe-fetch.types.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Mutable bookkeeping of one fetch, shared by its hops. */
interface FetchRun {
  readonly deadline: Deadline;
  readonly options: FetchOptions;
  readonly redirects: RedirectHop[];
  dnsMs: number;
  connectionAttempts: number;
}

/**
 * Fetches public http(s) URLs for the crawler and the analyzer without letting a URL (or a
 * redirect, or a DNS answer) point it at the machine's own network. Per hop: check the URL,
 * resolve the name once, refuse if ANY address is not public, connect only to those addresses.
 */
export class SafeFetcher {
  private readonly allowList: AllowList;
  private readonly resolver: Resolver;
  private readonly routes: ResolveRules;
  private readonly maxBodyBytes: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly userAgent: string;
  private readonly ca: readonly (string | Buffer)[] | undefined;

  constructor(options: SafeFetcherOptions = {}) {
    this.allowList =
      options.allowList instanceof AllowList ? options.allowList : new AllowList(options.allowList);
    this.routes =
      options.resolve instanceof ResolveRules ? options.resolve : new ResolveRules(options.resolve);
    // FRENLY_RESOLVE: mapped names resolve to their rule's address (and connect to its port below).
    this.resolver = this.routes.wrap(options.resolver ?? systemResolver);
    this.maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    this.timeoutMs = positive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    if (!Number.isInteger(this.maxRedirects) || this.maxRedirects < 0) {
      throw new RangeError(`maxRedirects must be a whole number >= 0 (got ${this.maxRedirects})`);
    }
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.ca = options.ca === undefined ? undefined : ([] as (string | Buffer)[]).concat(options.ca);
  }

  async fetch(input: string | URL, options: FetchOptions = {}): Promise<SafeFetchResponse> {
    const run: FetchRun = {
      deadline: new Deadline(
        positive('timeoutMs', options.timeoutMs ?? this.timeoutMs),
        options.signal,
      ),
      options,
      redirects: [],
      dnsMs: 0,
      connectionAttempts: 0,
    };
    let current: CheckedUrl | undefined;
    try {
      current = checkUrl(input, { allowList: this.allowList });
      const requested = current.url.href;
      for (;;) {
        const route = this.routes.route(current);
        const addresses = await this.vetAddresses(route, run);
        const hop = await openHop({
          target: route,
          addresses,
          method: options.method ?? 'GET',
          headers: this.requestHeaders(options),
          ...(this.ca ? { ca: this.ca } : {}),
          deadline: run.deadline,
          onConnectionAttempt: () => run.connectionAttempts++,
        });
        const next = this.redirectTarget(current, hop, run);
        if (next) {
          current = next;
          continue;
        }
        return await this.complete(requested, current, hop, run);
      }
    } catch (error) {
      throw this.finalError(error, run, current);
    } finally {
      run.deadline.dispose();
    }
  }

  /** Resolves the hop's name once and checks every address; a literal IP was checked with the URL. */
  private async vetAddresses(target: CheckedUrl, run: FetchRun): Promise<string[]> {
    if (target.ip) return [classifyAddress(target.ip).address];
    const started = run.deadline.elapsedMs();
    let answers: readonly string[];
    try {
      answers = await run.deadline.race(this.resolver(target.hostname));
    } catch (error) {
      if (run.deadline.reason) throw run.deadline.reason;
      const code = (error as NodeJS.ErrnoException).code;
      throw new SafeFetchError(
        SafeFetchErrorCode.DnsFailed,
        `Could not resolve ${target.hostname}${code ? ` (${code})` : ''}`,
        { url: target.url.href, cause: error },
      );
    } finally {
      run.dnsMs += run.deadline.elapsedMs() - started;
    }
    if (answers.length === 0) {
      throw new SafeFetchError(
        SafeFetchErrorCode.DnsFailed,
        `${target.hostname} has no addresses`,
        {
          url: target.url.href,
        },
      );
    }
    const addresses = answers.map(
      (answer) => checkAddress(target, classifyAddress(answer), this.allowList).address,
    );
    return [...new Set(addresses)];
  }

  /** The next hop for a redirect (after closing this one), or null when this is the final response. */
  private redirectTarget(current: CheckedUrl, hop: OpenHop, run: FetchRun): CheckedUrl | null {
    const { statusCode = 0, headers } = hop.response;
    const location = headers.location;
    if (!REDIRECT_STATUSES.has(statusCode) || !location) return null;
    hop.release();
    if (run.redirects.length >= this.maxRedirects) {
      throw new SafeFetchError(
        SafeFetchErrorCode.TooManyRedirects,
        `Refused: more than ${this.maxRedirects} redirects`,
        { url: current.url.href },
      );
    }
    let target: URL;
    try {
      target = new URL(location, current.url);
    } catch {
      throw new SafeFetchError(
        SafeFetchErrorCode.InvalidUrl,
        `Invalid redirect location "${location}"`,
        {
          url: current.url.href,
        },
      );
    }
    run.redirects.push({ url: current.url.href, status: statusCode, location: target.href });
    return checkUrl(target, { allowList: this.allowList });
  }

  private async complete(
    requested: string,
    target: CheckedUrl,
    hop: OpenHop,
    run: FetchRun,
  ): Promise<SafeFetchResponse> {
    const firstByteMs = run.deadline.elapsedMs();
    const { response } = hop;
    const status = response.statusCode ?? 0;
    const maxBytes = positive('maxBodyBytes', run.options.maxBodyBytes ?? this.maxBodyBytes);
    try {
      if (run.options.rejectHttpErrors && status >= 400) {
        throw new SafeFetchError(
          SafeFetchErrorCode.HttpError,
          `HTTP ${status} from ${target.url.href}`,
          {
            url: target.url.href,
            status,
          },
        );
      }
      checkAnnouncedLength(response, { maxBytes });
      const body = await readBody(response, { maxBytes });
      const contentTypeHeader = response.headers['content-type'];
      const encoding = detectEncoding(body, contentTypeHeader);
      return {
        url: requested,
        finalUrl: target.url.href,
        status,
        statusText: response.statusMessage ?? '',
        headers: response.headers,
        body,
        contentType: parseContentType(contentTypeHeader).mimeType,
        encoding,
        text: () => decodeText(body, contentTypeHeader),
        redirects: run.redirects,
        remoteAddress: hop.remoteAddress,
        tls: hop.tls,
        certificateValid: hop.certificateValid,
        timings: { dnsMs: run.dnsMs, firstByteMs, totalMs: run.deadline.elapsedMs() },
      };
    } finally {
      hop.release();
    }
  }

  private requestHeaders(options: FetchOptions): Record<string, string> {
    return {
      'user-agent': this.userAgent,
      accept: options.accept ?? DEFAULT_ACCEPT,
      'accept-language': 'en;q=1.0, *;q=0.5',
      'accept-encoding': SUPPORTED_ENCODINGS.join(', '),
      connection: 'close',
    };
  }

  /** One error type leaves the fetcher, whatever failed, with the connection count attached. */
  private finalError(
    error: unknown,
    run: FetchRun,
    current: CheckedUrl | undefined,
  ): SafeFetchError {
    const reason = run.deadline.reason;
    let final: SafeFetchError;
    if (reason) {
      final = new SafeFetchError(
        reason.code,
        current ? `${reason.message} while fetching ${current.url.href}` : reason.message,
        { url: current?.url.href },
      );
    } else if (error instanceof SafeFetchError) {
      final =
        error.url === undefined && current
          ? new SafeFetchError(error.code, error.message, {
              ...error,
              url: current.url.href,
              cause: error.cause,
            })
          : error;
    } else {
      final = new SafeFetchError(
        SafeFetchErrorCode.ConnectionFailed,
        `Fetch of ${current?.url.href ?? 'the URL'} failed: ${error instanceof Error ? error.message : String(error)}`,
        { url: current?.url.href, cause: error },
      );
    }
    final.connectionAttempts = run.connectionAttempts;
    return final;
  }
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number (got ${value})`);
  return value;
}
