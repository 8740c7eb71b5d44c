import { DomainError } from '@frenly/platform';

export enum SearchErrorCode {
  InvalidUrl = 'INVALID_URL',
  UrlRefused = 'URL_REFUSED',
  SubmissionLimit = 'SUBMISSION_LIMIT',
  /** The search's database work ran past its time limit and was cancelled. */
  SearchTimedOut = 'SEARCH_TIMED_OUT',
  /** No database connection became free in time: the service is saturated. */
  SearchBusy = 'SEARCH_BUSY',
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
      case SearchErrorCode.SearchTimedOut:
      case SearchErrorCode.SearchBusy:
        return 503;
    }
  }
}
