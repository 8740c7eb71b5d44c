import { useEffect, useRef, useState } from 'react';

/**
 * How long the screen waits for the live analysis_update before fetching the analysis itself,
 * then again after each fetch that found it still pending (a visit takes seconds to a minute;
 * after the last delay the screen stops asking).
 */
export const PENDING_REFETCH_DELAYS_MS: readonly number[] = [
  10_000, 20_000, 40_000, 80_000, 160_000,
];

/**
 * While the browser tier is pending, refetches the analysis after each delay in turn unless
 * something newer arrived (a live message's refetch restarts the wait): the screen does not
 * depend on the live message alone (a socket down, a message missed while reconnecting).
 * Stops once the report is no longer pending (done, failed or unavailable).
 */
export function useRefetchWhilePending(
  pending: boolean,
  refetch: () => unknown,
  report: unknown,
): void {
  const attempt = useRef(0);
  const [fired, setFired] = useState(0);
  useEffect(() => {
    if (!pending) return;
    const delay = PENDING_REFETCH_DELAYS_MS[attempt.current];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      attempt.current += 1;
      refetch();
      setFired((count) => count + 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [pending, report, fired]);
}
