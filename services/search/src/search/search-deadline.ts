import { SearchError, SearchErrorCode } from '../search.errors.js';

// PostgreSQL's query_canceled: the statement timeout fired.
const QUERY_CANCELED = '57014';
// How much longer than the statement timeout the request waits for the cancelled statement's answer.
const GRACE_MS = 250;

/**
 * Runs a search's database work under a deadline. PostgreSQL cancels each statement after
 * `timeoutMs` (the repositories set statement_timeout), which answers as SearchTimedOut; and
 * the request stops waiting at `timeoutMs` + a grace period in any case (PGlite cannot cancel
 * a statement, a connection can hang), so a client never waits on a plan gone wrong. A pool
 * with no free connection answers SearchBusy. Both become 503s.
 */
export async function withinDeadline<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = work();
  // Past the deadline nobody awaits `running`: its late failure must not surface as unhandled.
  running.catch(() => undefined);
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), timeoutMs + GRACE_MS);
  });
  try {
    return await Promise.race([running, expired]);
  } catch (error) {
    throw asSearchError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** A database failure a client should see as a 503 (timeout, saturation), else the error itself. */
export function asSearchError(error: unknown): unknown {
  if (error instanceof SearchError) return error;
  for (
    let cause: unknown = error, depth = 0;
    cause instanceof Error && depth < 5;
    cause = cause.cause, depth += 1
  ) {
    if ((cause as { code?: unknown }).code === QUERY_CANCELED) return timedOut();
    if (cause.message.includes('timeout exceeded when trying to connect')) {
      return new SearchError(
        SearchErrorCode.SearchBusy,
        'Search is busy right now; try again in a moment.',
      );
    }
  }
  return error;
}

function timedOut(): SearchError {
  return new SearchError(
    SearchErrorCode.SearchTimedOut,
    'The search took too long and was stopped; try fewer or more specific words.',
  );
}
