// Bounded, expiring slots: "at most N holders of this scope at once". The job queues use them
// for fairness (a user's or a host's running jobs) and expose them for admission control (a
// user's analyses in flight). A slot expires after its lease, so a crashed holder frees it.

/** One scope to hold a slot in, and how many holders it admits. */
export interface SlotClaim {
  scope: string;
  limit: number;
}

export interface SlotStore {
  /**
   * Takes a slot in every claimed scope for `holder`, all or none. Returns the number of
   * holders of each scope (this one included), or undefined when a scope is full. A holder
   * that already holds a slot keeps it (and its lease is renewed).
   */
  tryAcquire(
    claims: readonly SlotClaim[],
    holder: string,
    leaseMs: number,
  ): Promise<number[] | undefined>;
  release(scopes: readonly string[], holder: string): Promise<void>;
}

/** Slots in this process's memory (the in-process runtime). */
export class MemorySlotStore implements SlotStore {
  /** scope -> holder -> lease end (ms since epoch). */
  private readonly scopes = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async tryAcquire(
    claims: readonly SlotClaim[],
    holder: string,
    leaseMs: number,
  ): Promise<number[] | undefined> {
    return this.tryAcquireNow(claims, holder, leaseMs);
  }

  /** Synchronous form, for the in-process scheduler. */
  tryAcquireNow(
    claims: readonly SlotClaim[],
    holder: string,
    leaseMs: number,
  ): number[] | undefined {
    const now = this.now();
    const counts: number[] = [];
    for (const { scope, limit } of claims) {
      const holders = this.holdersOf(scope, now);
      if (!holders.has(holder) && holders.size >= limit) return undefined;
      counts.push(holders.has(holder) ? holders.size : holders.size + 1);
    }
    for (const { scope } of claims) this.holdersOf(scope, now).set(holder, now + leaseMs);
    return counts;
  }

  /** Whether `holder` could take a slot in every claimed scope now (nothing is taken). */
  wouldAdmit(claims: readonly SlotClaim[]): boolean {
    const now = this.now();
    return claims.every(({ scope, limit }) => this.holdersOf(scope, now).size < limit);
  }

  async release(scopes: readonly string[], holder: string): Promise<void> {
    this.releaseNow(scopes, holder);
  }

  releaseNow(scopes: readonly string[], holder: string): void {
    for (const scope of scopes) {
      const holders = this.scopes.get(scope);
      holders?.delete(holder);
      if (holders?.size === 0) this.scopes.delete(scope);
    }
  }

  private holdersOf(scope: string, now: number): Map<string, number> {
    let holders = this.scopes.get(scope);
    if (!holders) {
      holders = new Map();
      this.scopes.set(scope, holders);
    }
    for (const [holder, until] of holders) if (until <= now) holders.delete(holder);
    return holders;
  }
}
