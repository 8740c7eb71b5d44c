/** An event as the in-process log keeps it: the payload as JSON, parsed afresh for each delivery. */
export interface StoredEvent {
  readonly id: string;
  readonly topic: string;
  readonly key: string;
  readonly occurredAt: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payloadJson: string;
}

/** An append-only log with absolute offsets whose oldest entries can be dropped. */
export class PartitionLog {
  private items: (StoredEvent | undefined)[] = [];
  /** Offset of items[0]. */
  private base = 0;
  /** Offset of the oldest retained event. */
  start = 0;

  get end(): number {
    return this.base + this.items.length;
  }

  get size(): number {
    return this.end - this.start;
  }

  append(event: StoredEvent): void {
    this.items.push(event);
  }

  at(offset: number): StoredEvent | undefined {
    return offset < this.start ? undefined : this.items[offset - this.base];
  }

  dropBefore(offset: number): void {
    const target = Math.min(offset, this.end);
    if (target <= this.start) return;
    for (let o = this.start; o < target; o++) this.items[o - this.base] = undefined;
    this.start = target;
    // Compact now and then rather than shifting the array on every drop.
    const dropped = this.start - this.base;
    if (dropped > 1024 && dropped > this.items.length / 2) {
      this.items = this.items.slice(dropped);
      this.base = this.start;
    }
  }
}
