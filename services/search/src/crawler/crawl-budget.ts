/**
 * Bounds the sites the frontier starts per minute: a token bucket refilled continuously at
 * `perMinute`, holding at most `burstSeconds` worth, so a quiet minute does not turn into a
 * burst of a whole minute's work at once.
 */
export class CrawlBudget {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
    burstSeconds = 5,
  ) {
    this.capacity = Math.max(1, (perMinute * burstSeconds) / 60);
    this.tokens = this.capacity;
    this.last = now();
  }

  /** Takes up to `wanted` whole tokens; returns how many it took. */
  take(wanted: number): number {
    this.refill();
    const taken = Math.max(0, Math.min(wanted, Math.floor(this.tokens)));
    this.tokens -= taken;
    return taken;
  }

  /** Returns tokens taken but not spent (fewer sites were due). */
  giveBack(count: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + count);
  }

  /** Minutes the work `ahead` takes at this budget (at least 1): the ETA shown on cards. */
  minutesFor(ahead: number): number {
    return Math.max(1, Math.ceil(ahead / this.perMinute));
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(
      this.capacity,
      this.tokens + ((now - this.last) * this.perMinute) / 60_000,
    );
    this.last = now;
  }
}
