/**
 * Whether this installation can reach the web, judged from the crawler's own attempts: when
 * `failuresToGoOffline` crawls in a row, of at least that many different hosts, fail at DNS or
 * connection level, the web is taken as unreachable (one site being down is not "offline").
 * Offline, the crawler stops starting work and sends one probe crawl at a time, spaced by an
 * exponential backoff (base, doubled after each failed probe, up to the maximum); the first
 * success puts it back online. It says so once each way (no log line per failed site).
 */
export interface ReachabilityOptions {
  readonly failuresToGoOffline: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;
}

export interface ReachabilityEvents {
  offline(details: { failures: number; hosts: number; retryInMs: number }): void;
  online(details: { offlineForMs: number }): void;
}

export type StartDecision = { kind: 'go' } | { kind: 'probe' } | { kind: 'wait'; untilMs: number };

export const DEFAULT_REACHABILITY: ReachabilityOptions = {
  failuresToGoOffline: 5,
  baseBackoffMs: 5_000,
  maxBackoffMs: 10 * 60_000,
};

export class WebReachability {
  private streak = 0;
  private readonly streakHosts = new Set<string>();
  private offlineSince: number | undefined;
  private backoffMs = 0;
  private nextProbeAt = 0;
  private probeUrl: string | undefined;

  constructor(
    private readonly now: () => number,
    private readonly events: ReachabilityEvents,
    private readonly options: ReachabilityOptions = DEFAULT_REACHABILITY,
  ) {}

  get state(): 'reachable' | 'unreachable' {
    return this.offlineSince === undefined ? 'reachable' : 'unreachable';
  }

  /** When offline: the earliest time the next probe may start. */
  get retryAt(): number | undefined {
    return this.offlineSince === undefined ? undefined : this.nextProbeAt;
  }

  /** Whether new crawl work may start now: all of it online, one probe at a time offline. */
  decide(): StartDecision {
    if (this.offlineSince === undefined) return { kind: 'go' };
    if (this.probeUrl !== undefined || this.now() < this.nextProbeAt)
      return { kind: 'wait', untilMs: this.nextProbeAt };
    return { kind: 'probe' };
  }

  /** The crawl of `url` is the probe (decide() answered 'probe'). */
  probing(url: string): void {
    this.probeUrl = url;
  }

  /** No probe could be sent (nothing due): try again after the current backoff. */
  probeNotSent(): void {
    this.probeUrl = undefined;
  }

  /** May a queued crawl of `url` run now? Offline, only the probe does (the rest wait for the web). */
  admits(url: string): boolean {
    return this.offlineSince === undefined || this.probeUrl === url;
  }

  /** A crawl reached its host (whatever the host answered). */
  reached(): void {
    this.streak = 0;
    this.streakHosts.clear();
    this.probeUrl = undefined;
    if (this.offlineSince === undefined) return;
    const offlineForMs = this.now() - this.offlineSince;
    this.offlineSince = undefined;
    this.backoffMs = 0;
    this.events.online({ offlineForMs });
  }

  /** A crawl failed before reaching its host: the name did not resolve, or no connection. */
  unreachable(host: string): void {
    const now = this.now();
    if (this.offlineSince !== undefined) {
      // Only the probe's failure moves the backoff: stragglers queued before going offline do not.
      if (this.probeUrl === undefined) return;
      this.probeUrl = undefined;
      this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs);
      this.nextProbeAt = now + this.backoffMs;
      return;
    }
    this.streak += 1;
    this.streakHosts.add(host);
    if (
      this.streak < this.options.failuresToGoOffline ||
      this.streakHosts.size < this.options.failuresToGoOffline
    )
      return;
    this.offlineSince = now;
    this.backoffMs = this.options.baseBackoffMs;
    this.nextProbeAt = now + this.backoffMs;
    this.events.offline({
      failures: this.streak,
      hosts: this.streakHosts.size,
      retryInMs: this.backoffMs,
    });
  }
}
