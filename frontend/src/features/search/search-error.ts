import { isHttpError, serverMessage } from '../../api/http-error';

/** What the results page says when a search fails: words for people, not a status line. */
export interface SearchErrorView {
  title: string;
  detail: string;
  /** Whether "Try again" can help: never for a request the server refused as invalid. */
  retryable: boolean;
}

export function searchErrorView(error: unknown): SearchErrorView {
  if (!isHttpError(error) || error.status === 'FETCH_ERROR') {
    return {
      title: 'Frenly cannot be reached.',
      detail:
        'You may be offline, or the server is not answering. Check your connection and try again.',
      retryable: true,
    };
  }
  if (error.status === 429) {
    return {
      title: 'Too many searches at once.',
      detail: 'Wait a minute, then try again.',
      retryable: true,
    };
  }
  if (error.status >= 400 && error.status < 500) {
    const reason = serverMessage(error);
    return {
      title: 'This search cannot be run.',
      detail: reason
        ? `${sentence(reason)} Change the search and try it again.`
        : 'Change the search and try it again.',
      retryable: false,
    };
  }
  return {
    title: 'The search could not be run.',
    detail: 'Frenly had a problem on its side. Try again in a moment.',
    retryable: true,
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
