import { AnalysisErrorCodes, type AnalysisErrorCode } from '@frenly/contracts';
import { DomainError } from '@frenly/platform';

/** Every refusal the analysis service makes on purpose; the HTTP status follows from the code. */
export class AnalysisError extends DomainError<AnalysisErrorCode> {
  get httpStatus(): number {
    return httpStatusOf(this.code);
  }

  static invalidUrl(message: string): AnalysisError {
    return new AnalysisError(AnalysisErrorCodes.InvalidUrl, message);
  }

  static siteNotFound(siteId: number): AnalysisError {
    return new AnalysisError(
      AnalysisErrorCodes.SiteNotFound,
      `Site ${siteId} not found: analyse its URL first`,
    );
  }

  static analysisTimeout(seconds: number): AnalysisError {
    return new AnalysisError(
      AnalysisErrorCodes.AnalysisTimeout,
      `The analysis did not finish within ${seconds} s; it continues in the background, try again shortly`,
    );
  }

  static tooManyAnalyses(limit: number): AnalysisError {
    return new AnalysisError(
      AnalysisErrorCodes.TooManyAnalyses,
      `You already have ${limit} ${limit === 1 ? 'analysis' : 'analyses'} in progress, the most one account may run at once; try again when one has finished`,
    );
  }

  static invalidAnalysisId(): AnalysisError {
    return new AnalysisError(AnalysisErrorCodes.InvalidAnalysisId, 'An analysis id is a UUID');
  }

  static analysisNotFound(what = 'analysis'): AnalysisError {
    return new AnalysisError(AnalysisErrorCodes.AnalysisNotFound, `No such ${what}`);
  }

  static siteNotIndexed(): AnalysisError {
    return new AnalysisError(
      AnalysisErrorCodes.SiteNotIndexed,
      'The site was analysed, but the catalogue has not registered it yet; try again in a moment',
    );
  }
}

export function isAnalysisErrorCode(code: string): code is AnalysisErrorCode {
  return (Object.values(AnalysisErrorCodes) as string[]).includes(code);
}

function httpStatusOf(code: AnalysisErrorCode): number {
  switch (code) {
    case AnalysisErrorCodes.InvalidUrl:
    case AnalysisErrorCodes.UrlNotAllowed:
    case AnalysisErrorCodes.InvalidAnalysisId:
      return 400;
    case AnalysisErrorCodes.SiteNotFound:
    case AnalysisErrorCodes.AnalysisNotFound:
      return 404;
    case AnalysisErrorCodes.PageTooLarge:
    case AnalysisErrorCodes.NotHtml:
      return 422;
    case AnalysisErrorCodes.TooManyAnalyses:
      return 429;
    case AnalysisErrorCodes.SiteUnreachable:
      return 502;
    case AnalysisErrorCodes.SiteNotIndexed:
      return 503;
    case AnalysisErrorCodes.SiteTimeout:
    case AnalysisErrorCodes.AnalysisTimeout:
      return 504;
  }
}
