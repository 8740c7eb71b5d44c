/**
 * The error every failed call turns into (spec §8): `message` is
 * `"<status>: <body text or status text>"`; network failures carry status 'FETCH_ERROR'.
 */
export interface HttpError {
  status: number | 'FETCH_ERROR';
  message: string;
  /** The raw response body (empty when there was none). */
  body: string;
}

/** The spec's message for a non-2xx answer: the status, a colon and a space, then the body text (or the status text). */
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export function isHttpError(value: unknown): value is HttpError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'message' in value &&
    typeof (value as { message: unknown }).message === 'string'
  );
}

export function isUnauthorized(error: unknown): boolean {
  return isHttpError(error) && error.status === 401;
}

/**
 * The server's own words for an error: the `message` of the JSON error shape when the body
 * is one (joined when it is a list), otherwise the body text; undefined when there is none.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isHttpError(error) || error.status === 'FETCH_ERROR' || !error.body) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const message = parsed.message;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && message.length > 0) return message.map(String).join('; ');
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return error.body.length <= 300 ? error.body : undefined;
}
