import type { DedupeStore } from '../bus.js';

export interface MemoryDedupeStoreOptions {
  /** How many handled ids to remember (least recently seen are forgotten first). Default 10,000. */
  readonly capacity?: number;
}

/**
 * Remembers handled event ids in memory, bounded (LRU). Good for redeliveries within one
 * process lifetime; a consumer whose effects must survive restarts uses `handleOnce` instead.
 */
export class MemoryDedupeStore implements DedupeStore {
  private readonly capacity: number;
  // A Map iterates in insertion order: re-inserting on access makes it an LRU.
  private readonly handled = new Map<string, true>();
  // The same id arriving twice at once must not run twice: the second waits for the first.
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(options: MemoryDedupeStoreOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? 10_000);
  }

  get size(): number {
    return this.handled.size;
  }

  async runOnce(
    group: string,
    eventId: string,
    work: () => Promise<void>,
  ): Promise<'handled' | 'duplicate'> {
    const key = `${group}\u0000${eventId}`;
    for (;;) {
      if (this.handled.has(key)) {
        this.handled.delete(key);
        this.handled.set(key, true);
        return 'duplicate';
      }
      const running = this.inFlight.get(key);
      if (!running) break;
      await running.catch(() => undefined);
    }
    const run = work();
    this.inFlight.set(key, run);
    try {
      await run;
      this.remember(key);
      return 'handled';
    } finally {
      this.inFlight.delete(key);
    }
  }

  private remember(key: string): void {
    this.handled.set(key, true);
    if (this.handled.size > this.capacity) {
      const oldest = this.handled.keys().next().value;
      if (oldest !== undefined) this.handled.delete(oldest);
    }
  }
}
