/**
 * Remembers the newest `siteVersion` seen per site for one kind of totals, so totals that
 * arrive late (a redelivery, a replay after a restart) never overwrite newer ones on screen.
 * Bounded: past `capacity` sites the least recently updated is forgotten, and an event of a
 * forgotten site is simply accepted again (clients get the totals it carries).
 */
export class SiteVersionGuard {
  // A Map iterates in insertion order: re-inserting on update keeps the oldest first.
  private readonly latest = new Map<number, number>();

  constructor(private readonly capacity: number) {}

  /** True when `version` is newer than anything seen for the site (and remembers it). */
  accept(siteId: number, version: number): boolean {
    const seen = this.latest.get(siteId);
    if (seen !== undefined && version <= seen) return false;
    this.latest.delete(siteId);
    this.latest.set(siteId, version);
    if (this.latest.size > this.capacity) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
    return true;
  }

  get size(): number {
    return this.latest.size;
  }
}
