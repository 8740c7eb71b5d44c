import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { SiteRefsRepository } from './site-refs.repository.js';

const POLL_INTERVAL_MS = 150;

/**
 * Waits (bounded) for the catalogue to give a URL its site id. The site-indexed consumer of
 * this process wakes waiters at once; polling the table covers the case where another instance
 * of the service consumed the event (members of one consumer group split the partitions).
 */
@Injectable()
export class SiteIdWaiter implements OnApplicationShutdown {
  private readonly waiters = new Map<string, Set<(siteId: number) => void>>();
  private closed = false;

  constructor(private readonly siteRefs: SiteRefsRepository) {}

  /** Called after a site-indexed event is committed. */
  learnt(url: string, siteId: number): void {
    const waiting = this.waiters.get(url);
    if (!waiting) return;
    this.waiters.delete(url);
    for (const wake of waiting) wake(siteId);
  }

  /** The site id, or undefined when none arrived within `timeoutMs`. */
  async waitFor(
    url: string,
    timeoutMs: number,
  ): Promise<{ siteId: number | undefined; waited: boolean }> {
    const known = await this.siteRefs.siteIdOf(url);
    if (known !== undefined) return { siteId: known, waited: false };
    if (timeoutMs <= 0 || this.closed) return { siteId: undefined, waited: true };
    return new Promise((resolve) => {
      let done = false;
      let poll: NodeJS.Timeout | undefined;
      const finish = (siteId: number | undefined): void => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearTimeout(poll);
        this.waiters.get(url)?.delete(wake);
        resolve({ siteId, waited: true });
      };
      const wake = (siteId: number): void => finish(siteId);
      const deadline = setTimeout(() => finish(undefined), timeoutMs);
      const check = (): void => {
        this.siteRefs
          .siteIdOf(url)
          .then((siteId) => {
            if (siteId !== undefined) finish(siteId);
            else if (!done) poll = setTimeout(check, POLL_INTERVAL_MS);
          })
          .catch(() => {
            if (!done) poll = setTimeout(check, POLL_INTERVAL_MS);
          });
      };
      const set = this.waiters.get(url) ?? new Set();
      set.add(wake);
      this.waiters.set(url, set);
      poll = setTimeout(check, POLL_INTERVAL_MS);
    });
  }

  onApplicationShutdown(): void {
    this.closed = true;
  }
}
