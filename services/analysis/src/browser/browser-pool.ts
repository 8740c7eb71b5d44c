/** One pooled browser and whatever belongs to it (its egress proxy). */
export interface PoolMember {
  /** False once the process died: the pool launches a new one. */
  readonly alive: boolean;
  close(): Promise<void>;
}

/**
 * At most `size` browsers, launched on first use, each serving one page at a time; callers beyond
 * that wait their turn in order. A member that died (crash, OOM kill) is replaced on next use.
 */
export class BrowserPool<M extends PoolMember> {
  private readonly idle: M[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;
  private closed = false;
  private readonly members = new Set<M>();

  constructor(
    private readonly size: number,
    private readonly launch: () => Promise<M>,
  ) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`pool size must be >= 1 (got ${size})`);
  }

  async use<T>(work: (member: M) => Promise<T>): Promise<T> {
    await this.turn();
    let member: M | undefined;
    try {
      member = await this.take();
      return await work(member);
    } finally {
      if (member) {
        if (member.alive && !this.closed) this.idle.push(member);
        else await this.discard(member);
      }
      // The turn passes straight to the next waiter, so a newcomer cannot slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.members].map((member) => this.discard(member)));
    this.idle.length = 0;
  }

  private async turn(): Promise<void> {
    if (this.closed) throw new Error('The browser pool is closed');
    if (this.busy < this.size) this.busy++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async take(): Promise<M> {
    for (let member = this.idle.pop(); member; member = this.idle.pop()) {
      if (member.alive) return member;
      await this.discard(member);
    }
    const member = await this.launch();
    this.members.add(member);
    return member;
  }

  private async discard(member: M): Promise<void> {
    this.members.delete(member);
    await member.close().catch(() => undefined);
  }
}
