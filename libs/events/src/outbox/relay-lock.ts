import { driverOf, type Database } from '@frenly/db';
import { describeError, type EventsLogger } from '../logger.js';

/** Decides which relay instance publishes a given outbox table. */
export interface RelayLock {
  /** True while this instance may publish; called before every batch, so it can notice a lost lock. */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

interface PgClientLike {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  release(destroy?: boolean | Error): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

interface PgPoolLike {
  connect(): Promise<PgClientLike>;
  readonly totalCount: number;
}

/** How stale the holder's knowledge that its lock connection is alive may be. */
const LOCK_CHECK_INTERVAL_MS = 1_000;

/**
 * A PostgreSQL session advisory lock held by one dedicated connection from the pool: the
 * instance holding it publishes, the others wait; if that instance dies, its connection
 * closes and the lock passes on. The connection is destroyed (never pooled) on release.
 */
export class AdvisoryRelayLock implements RelayLock {
  private client?: PgClientLike;
  private held = false;
  private verifiedAt = 0;

  constructor(
    private readonly pool: PgPoolLike,
    private readonly lockName: string,
    private readonly logger: EventsLogger,
  ) {}

  async tryAcquire(): Promise<boolean> {
    try {
      if (!this.client) {
        const client = await this.pool.connect();
        client.on('error', (error) => {
          this.logger.warn('outbox relay lock connection failed; the lock is lost', {
            lock: this.lockName,
            error: describeError(error),
          });
          if (this.client === client) this.drop();
        });
        this.client = client;
      }
      if (this.held) {
        // Still our session, so still our lock (it lives as long as the connection). Checked
        // at most once per interval: a busy relay asks before every batch, and a dead
        // connection also reports itself through its 'error' event.
        if (Date.now() - this.verifiedAt < LOCK_CHECK_INTERVAL_MS) return true;
        await this.client.query('select 1');
        this.verifiedAt = Date.now();
        return true;
      }
      const { rows } = await this.client.query(
        'select pg_try_advisory_lock(hashtext($1)) as acquired',
        [this.lockName],
      );
      this.held = rows[0]?.acquired === true;
      this.verifiedAt = Date.now();
      return this.held;
    } catch (error) {
      this.drop();
      throw error;
    }
  }

  async release(): Promise<void> {
    // Unlock explicitly first: the server frees a destroyed connection's locks only once it
    // notices the disconnect, so another instance could otherwise briefly still find it taken.
    if (this.held && this.client) {
      await this.client
        .query('select pg_advisory_unlock(hashtext($1))', [this.lockName])
        .catch(() => undefined);
    }
    this.drop();
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    // Destroying the connection frees the session lock; pooling it would leak the lock.
    client?.release(true);
  }
}

const heldInProcess = new WeakMap<object, Set<string>>();

/** For PGlite (one process owns the database): one relay per table within this process. */
export class InProcessRelayLock implements RelayLock {
  private held = false;

  constructor(
    private readonly owner: object,
    private readonly lockName: string,
  ) {}

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    let names = heldInProcess.get(this.owner);
    if (!names) heldInProcess.set(this.owner, (names = new Set()));
    if (names.has(this.lockName)) return false;
    names.add(this.lockName);
    this.held = true;
    return true;
  }

  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    heldInProcess.get(this.owner)?.delete(this.lockName);
  }
}

/** The advisory lock on PostgreSQL (node-postgres pool), the in-process lock on PGlite. */
export function relayLockFor(db: Database, lockName: string, logger: EventsLogger): RelayLock {
  const driver = driverOf(db);
  if (driver.engine === 'postgres') return new AdvisoryRelayLock(driver.pool, lockName, logger);
  return new InProcessRelayLock(driver.client, lockName);
}
