/**
 * Spaces out requests to one host across every crawl running in this process: a request
 * starts no sooner than `delayMs` after the previous request to its host started (the slot is
 * reserved at once, so concurrent crawls of one host queue up behind each other).
 */
export class HostPoliteness {
  private readonly lastStart = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async wait(host: string, delayMs: number, signal?: AbortSignal): Promise<void> {
    const now = this.now();
    this.forgetPast(now);
    const previous = this.lastStart.get(host);
    const slot = previous === undefined ? now : Math.max(now, previous + delayMs);
    this.lastStart.set(host, slot);
    if (slot > now) await sleep(slot - now, signal);
  }

  // Hosts not asked for in an hour can go: any delay they had has long passed.
  private forgetPast(now: number): void {
    if (this.lastStart.size < 1000) return;
    for (const [host, start] of this.lastStart)
      if (start < now - 3_600_000) this.lastStart.delete(host);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
