// The one error the safe fetcher throws, with a code callers (and the HTTP edge) switch on.

export enum SafeFetchErrorCode {
  /** Not a parseable absolute URL, or a port of 0. */
  InvalidUrl = 'INVALID_URL',
  /** A scheme other than http or https (also on a redirect). */
  UnsupportedProtocol = 'UNSUPPORTED_PROTOCOL',
  /** `user:password@` in the URL. */
  CredentialsInUrl = 'CREDENTIALS_IN_URL',
  /** The name did not resolve (or the resolver failed). */
  DnsFailed = 'DNS_FAILED',
  /** The target (or one of its resolved addresses) is not a public address. */
  BlockedAddress = 'BLOCKED_ADDRESS',
  TooManyRedirects = 'TOO_MANY_REDIRECTS',
  /** Content-Length announced more than the cap, or the (decompressed) body exceeded it. */
  BodyTooLarge = 'BODY_TOO_LARGE',
  /** The total time budget (DNS, connect, headers, body, every redirect) ran out. */
  Timeout = 'TIMEOUT',
  /** The caller's AbortSignal fired. */
  Aborted = 'ABORTED',
  ConnectionFailed = 'CONNECTION_FAILED',
  /** Handshake failed: untrusted, expired or mismatched certificate, protocol error. */
  TlsError = 'TLS_ERROR',
  /** A gzip/deflate/br body that does not decode, or an encoding we did not ask for. */
  ContentDecodingFailed = 'CONTENT_DECODING_FAILED',
  /** Status >= 400, only when the caller asked for `rejectHttpErrors`. */
  HttpError = 'HTTP_ERROR',
}

export interface SafeFetchErrorDetails {
  /** The URL of the hop that failed (after redirects, the redirect target). */
  readonly url?: string;
  /** The address that was refused or that the connection went to. */
  readonly address?: string;
  /** The HTTP status, for HTTP_ERROR. */
  readonly status?: number;
  /** Connections attempted before the failure; 0 proves the refusal came before any socket. */
  readonly connectionAttempts?: number;
  readonly cause?: unknown;
}

export class SafeFetchError extends Error {
  readonly url: string | undefined;
  readonly address: string | undefined;
  readonly status: number | undefined;
  /** Filled in by the fetcher when the error leaves it. */
  connectionAttempts: number;

  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    details: SafeFetchErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.url = details.url;
    this.address = details.address;
    this.status = details.status;
    this.connectionAttempts = details.connectionAttempts ?? 0;
  }
}

export function isSafeFetchError(error: unknown): error is SafeFetchError {
  return error instanceof SafeFetchError;
}
