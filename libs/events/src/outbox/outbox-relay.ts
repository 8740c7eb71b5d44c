import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Database } from '@frenly/db';
import { backoffDelay, sleep, type BackoffOptions } from '../backoff.js';
import type { BusEvent, EventBus } from '../bus.js';
import { describeError, stderrLogger, type EventsLogger } from '../logger.js';
import { relayLockFor, type RelayLock } from './relay-lock.js';
import type { OutboxTable } from './write-outbox.js';

export interface OutboxRelayOptions {
  readonly db: Database;
  readonly outbox: OutboxTable;
  readonly bus: EventBus;
  /** Rows published per bus call (default 200). */
  readonly batchSize?: number;
  /** How often to look for unsent rows when nobody pokes (default 1 s). */
  readonly pollIntervalMs?: number;
  /** Waits between attempts while publishing fails (default 250 ms doubling to 10 s). */
  readonly backoff?: BackoffOptions;
  /** Who may publish this table; default: advisory lock on PostgreSQL, in-process lock on PGlite. */
  readonly lock?: RelayLock;
  readonly logger?: EventsLogger;
  /**
   * With a non-durable bus, rows published this recently are published again at start, so
   * events accepted in memory but not handled before a crash still reach their consumers
   * (default 15 min; consumers de-duplicate by event id).
   */
  readonly replayWindowMs?: number;
  /**
   * After a batch that published rows, a poke waits until this long after that batch began
   * (default 5 ms), so that under load one bus call and two queries carry many commits
   * instead of one each. A quiet relay answers a poke at once.
   */
  readonly lingerMs?: number;
}

export interface OutboxRelayStats {
  /** Rows this instance published since it started. */
  readonly published: number;
  /** Failed publish attempts since the last success. */
  readonly consecutiveFailures: number;
  /** Whether this instance holds the lock (publishes) right now. */
  readonly leader: boolean;
  readonly lastError?: string;
}

type OutboxRow = OutboxTable['$inferSelect'];

/**
 * Publishes unsent outbox rows in `seq` order, batch by batch, and stamps `published_at`
 * once the bus accepted them. While the bus is down rows stay unsent and the relay backs off;
 * a crash between publish and stamp publishes the batch again (consumers de-duplicate by id).
 *
 * Rows become visible in commit order, not `seq` order; per-key order holds as long as
 * writers of one key serialise (e.g. lock the site row) before writing its outbox row.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly backoff: BackoffOptions;
  private readonly logger: EventsLogger;
  private readonly lock: RelayLock;
  private readonly name: string;
  private readonly lingerMs: number;
  private readonly stopSignal = new AbortController();
  private loop?: Promise<void>;
  private poked = false;
  private wake?: () => void;
  private published = 0;
  private consecutiveFailures = 0;
  private leader = false;
  private lastError?: string;

  constructor(private readonly options: OutboxRelayOptions) {
    this.batchSize = Math.max(1, options.batchSize ?? 200);
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
    this.logger = options.logger ?? stderrLogger;
    this.lingerMs = Math.max(0, options.lingerMs ?? 5);
    const table = getTableConfig(options.outbox);
    this.name = `${table.schema ?? 'public'}.${table.name}`;
    this.lock =
      options.lock ?? relayLockFor(options.db, `frenly.outbox-relay:${this.name}`, this.logger);
  }

  start(): void {
    if (this.loop || this.stopSignal.signal.aborted) return;
    this.loop = this.replayRecent().then(() => this.run());
  }

  /** Re-publishes the recent window of a non-durable bus (see `replayWindowMs`); returns the count. */
  async replayRecent(): Promise<number> {
    const { db, outbox, bus } = this.options;
    if (bus.durable !== false) return 0;
    const windowMs = this.options.replayWindowMs ?? 15 * 60_000;
    const since = new Date(Date.now() - windowMs);
    let replayed = 0;
    let afterSeq = 0;
    try {
      for (;;) {
        const rows = await db
          .select()
          .from(outbox)
          .where(
            sql`${outbox.publishedAt} >= ${since.toISOString()} and ${outbox.seq} > ${afterSeq}`,
          )
          .orderBy(asc(outbox.seq))
          .limit(this.batchSize);
        if (rows.length === 0) break;
        await bus.publish(rows.map(toBusEvent));
        replayed += rows.length;
        afterSeq = rows[rows.length - 1]!.seq;
      }
    } catch (error) {
      this.logger.warn('outbox replay failed', { outbox: this.name, error: describeError(error) });
    }
    return replayed;
  }

  /** Publish now rather than at the next poll (call after committing outbox rows). */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  /** Stops polling, waits for the batch in flight (at most `timeoutMs`) and releases the lock. */
  async stop(timeoutMs = 15_000): Promise<void> {
    this.stopSignal.abort();
    this.wake?.();
    if (this.loop) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.loop,
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    await this.lock.release().catch(() => undefined);
    this.leader = false;
  }

  /** Unsent rows (for a metrics gauge). */
  async backlog(): Promise<number> {
    const { outbox, db } = this.options;
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return Number(row?.count ?? 0);
  }

  stats(): OutboxRelayStats {
    return {
      published: this.published,
      consecutiveFailures: this.consecutiveFailures,
      leader: this.leader,
      lastError: this.lastError,
    };
  }

  /** Publishes one batch if this instance holds the lock; returns how many rows it published. */
  async publishBatch(): Promise<number> {
    this.leader = await this.lock.tryAcquire();
    if (!this.leader) return 0;
    const { db, outbox, bus } = this.options;
    const rows = await db
      .select()
      .from(outbox)
      .where(isNull(outbox.publishedAt))
      .orderBy(asc(outbox.seq))
      .limit(this.batchSize);
    if (rows.length === 0) return 0;
    const seqs = rows.map((row) => row.seq);
    try {
      await bus.publish(rows.map(toBusEvent));
    } catch (error) {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.seq, seqs))
        .catch(() => undefined);
      throw error;
    }
    await db
      .update(outbox)
      .set({ publishedAt: sql`now()` })
      .where(inArray(outbox.seq, seqs));
    this.published += rows.length;
    return rows.length;
  }

  private async run(): Promise<void> {
    const stopped = this.stopSignal.signal;
    while (!stopped.aborted) {
      let delayMs = this.pollIntervalMs;
      let pokeable = true;
      let lingerUntil = 0;
      try {
        const began = Date.now();
        const count = await this.publishBatch();
        if (count > 0) lingerUntil = began + this.lingerMs;
        if (this.consecutiveFailures > 0) {
          this.logger.info('outbox relay publishing again', {
            outbox: this.name,
            after: this.consecutiveFailures,
          });
        }
        this.consecutiveFailures = 0;
        this.lastError = undefined;
        if (count === this.batchSize) continue; // more waiting: no pause
      } catch (error) {
        this.consecutiveFailures += 1;
        this.lastError = describeError(error);
        delayMs = backoffDelay(this.consecutiveFailures, this.backoff);
        // While the bus is down, commits poking the relay must not turn backoff into a busy loop.
        pokeable = false;
        if (!stopped.aborted) {
          this.logger.warn('outbox relay could not publish; rows stay unsent', {
            outbox: this.name,
            attempt: this.consecutiveFailures,
            retryInMs: delayMs,
            error: this.lastError,
          });
        }
      }
      await this.pause(delayMs, pokeable, lingerUntil);
    }
  }

  /** Sleeps `ms`, or less when poked; a poke still waits for `lingerUntil` (see `lingerMs`). */
  private async pause(ms: number, pokeable: boolean, lingerUntil = 0): Promise<void> {
    if (!(pokeable && this.poked)) await this.sleepUnlessPoked(ms, pokeable);
    if (!pokeable) return;
    this.poked = false;
    const linger = lingerUntil - Date.now();
    if (linger > 0) await sleep(linger, this.stopSignal.signal);
  }

  private async sleepUnlessPoked(ms: number, pokeable: boolean): Promise<void> {
    const waker = new AbortController();
    const onStop = (): void => waker.abort();
    this.stopSignal.signal.addEventListener('abort', onStop, { once: true });
    if (pokeable) this.wake = () => waker.abort();
    try {
      await sleep(ms, waker.signal);
    } finally {
      this.wake = undefined;
      this.stopSignal.signal.removeEventListener('abort', onStop);
    }
  }
}

function toBusEvent(row: OutboxRow): BusEvent {
  return {
    id: row.eventId,
    topic: row.topic,
    key: row.key,
    payload: row.payload,
    headers: row.headers ?? {},
    occurredAt: row.createdAt.toISOString(),
  };
}
