/** Exponential backoff with jitter, shared by handler retries and the outbox relay. */
export interface BackoffOptions {
  /** Delay before the first retry. */
  readonly initialMs: number;
  /** Upper bound of any single delay. */
  readonly maxMs: number;
  /** Growth per attempt (default 2). */
  readonly factor?: number;
}

/** Delay before retry number `attempt` (1-based): initial × factor^(attempt-1), capped, ±20 % jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const raw = options.initialMs * (options.factor ?? 2) ** Math.max(0, attempt - 1);
  const capped = Math.min(options.maxMs, raw);
  // Jitter keeps several failing consumers from retrying in lockstep.
  return Math.round(capped * (0.8 + Math.random() * 0.4));
}

/** Resolves after `ms`, or early (without error) when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
