import { DomainError } from '@frenly/platform';

export enum SearchErrorCode {
  InvalidUrl = 'INVALID_URL',
  UrlRefused = 'URL_REFUSED',
  SubmissionLimit = 'SUBMISSION_LIMIT',
}

/** Errors the search service raises on purpose; the status of each code is decided here. */
export class SearchError extends DomainError<SearchErrorCode> {
  get httpStatus(): number {
    switch (this.code) {
      case SearchErrorCode.InvalidUrl:
      case SearchErrorCode.UrlRefused:
        return 400;
      case SearchErrorCode.SubmissionLimit:
        return 429;
    }
  }
}
