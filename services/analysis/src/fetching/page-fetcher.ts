import { Inject, Injectable } from '@nestjs/common';
import { AnalysisErrorCodes } from '@frenly/contracts';
import {
  AllowList,
  checkUrl,
  isSafeFetchError,
  SafeFetcher,
  SafeFetchErrorCode,
  type SafeFetchError,
} from '@frenly/safe-fetch';
import { AnalysisError } from '../analysis.errors.js';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import type { PageSnapshot } from '../pipeline/snapshot.js';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The only code that reaches the network for a page: through the SSRF-safe fetcher. */
@Injectable()
export class PageFetcher {
  private readonly fetcher: SafeFetcher;
  private readonly allowList: AllowList;

  constructor(@Inject(ANALYSIS_SETTINGS) settings: AnalysisSettings) {
    this.allowList = new AllowList(settings.fetchAllowList);
    this.fetcher = new SafeFetcher({
      allowList: this.allowList,
      resolve: settings.fetchResolve,
      timeoutMs: settings.fetchTimeoutMs,
      maxBodyBytes: settings.fetchMaxBytes,
      ...(settings.fetchResolver ? { resolver: settings.fetchResolver } : {}),
      ...(settings.fetchCa ? { ca: settings.fetchCa } : {}),
    });
  }

  /** Refuses at once what no fetch could accept (scheme, credentials, a literal private IP). */
  precheck(url: string): void {
    try {
      checkUrl(url, { allowList: this.allowList });
    } catch (error) {
      if (isSafeFetchError(error)) throw toAnalysisError(error);
      throw error;
    }
  }

  async fetch(url: string, signal?: AbortSignal): Promise<PageSnapshot> {
    let response;
    try {
      response = await this.fetcher.fetch(url, signal ? { signal } : {});
    } catch (error) {
      if (isSafeFetchError(error)) throw toAnalysisError(error);
      throw error;
    }
    if (response.status >= 400) {
      throw new AnalysisError(
        AnalysisErrorCodes.SiteUnreachable,
        `The site answered ${response.status} ${response.statusText}`.trim(),
      );
    }
    const body = response.text();
    const looksHtml =
      response.contentType === null
        ? /^\s*</.test(body.slice(0, 512))
        : HTML_TYPES.has(response.contentType);
    if (!looksHtml) {
      throw new AnalysisError(
        AnalysisErrorCodes.NotHtml,
        `The address serves ${response.contentType ?? 'something other than HTML'}, not a web page`,
      );
    }
    return {
      requestedUrl: url,
      finalUrl: response.finalUrl,
      status: response.status,
      headers: response.headers,
      html: body,
      tls: response.tls,
      certificateValid: response.certificateValid,
      redirects: response.redirects.length,
      bytes: response.body.length,
    };
  }
}

/** The fetcher's refusal, as the client should hear it. */
export function toAnalysisError(error: SafeFetchError): AnalysisError {
  switch (error.code) {
    case SafeFetchErrorCode.InvalidUrl:
      return new AnalysisError(AnalysisErrorCodes.InvalidUrl, error.message);
    case SafeFetchErrorCode.UnsupportedProtocol:
    case SafeFetchErrorCode.CredentialsInUrl:
    case SafeFetchErrorCode.BlockedAddress:
      return new AnalysisError(
        AnalysisErrorCodes.UrlNotAllowed,
        `Frenly does not fetch this address: ${error.message}`,
      );
    case SafeFetchErrorCode.BodyTooLarge:
      return new AnalysisError(
        AnalysisErrorCodes.PageTooLarge,
        `The page is too large to analyse: ${error.message}`,
      );
    case SafeFetchErrorCode.Timeout:
    case SafeFetchErrorCode.Aborted:
      return new AnalysisError(
        AnalysisErrorCodes.SiteTimeout,
        `The site was too slow to answer: ${error.message}`,
      );
    case SafeFetchErrorCode.DnsFailed:
    case SafeFetchErrorCode.TooManyRedirects:
    case SafeFetchErrorCode.ConnectionFailed:
    case SafeFetchErrorCode.TlsError:
    case SafeFetchErrorCode.ContentDecodingFailed:
    case SafeFetchErrorCode.HttpError:
      return new AnalysisError(
        AnalysisErrorCodes.SiteUnreachable,
        `The site could not be fetched: ${error.message}`,
      );
  }
}
