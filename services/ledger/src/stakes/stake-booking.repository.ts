import { Inject, Injectable } from '@nestjs/common';
import type { StakePlacedV1, StakeType } from '@frenly/contracts';
import { driverOf, type Database } from '@frenly/db';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/transactions.js';
import { LedgerMetrics } from '../metrics/ledger.metrics.js';
import { GroupCommit } from './group-commit.js';

export interface StakeBooking {
  readonly stakeId: string;
  readonly userId: string;
  readonly siteId: number;
  readonly amount: number;
  readonly type: StakeType;
  readonly message: string | null;
  readonly createdAt: Date;
}

/** The site totals a stake-placed event carries: only the booking statement knows them. */
export type SiteTotalsFields = 'totalStaked' | 'supportTotal' | 'concernTotal' | 'siteVersion';

/** The stake-placed outbox event, less the totals that the booking fills in from the locked site row. */
export interface StakePlacedEnvelope {
  readonly id: string;
  readonly topic: string;
  readonly key: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly occurredAt: string;
  readonly payload: Omit<StakePlacedV1, SiteTotalsFields>;
}

export interface BookedStake {
  /** The user's balance after the stake. */
  readonly balance: number;
  readonly supportTotal: number;
  readonly concernTotal: number;
  readonly siteVersion: number;
  readonly domain: string;
}

const n = (value: unknown): number => Number(value);

/**
 * The booking: `ledger.book_stakes` (migration 0003) books each element of a batch (one stake
 * on its own, several under group commit) and returns one row per booked element. The one
 * place where a stake's money moves; see the migration for the steps and the lock order.
 */
const BOOK_STAKES =
  'select ord, balance, support_total, concern_total, version, domain from ledger.book_stakes($1::jsonb)';
/** Prepared once per connection by node-postgres (PostgreSQL then skips parsing and planning). */
const BOOK_STAKES_STATEMENT = 'ledger_book_stakes_v1';

/**
 * Group commit limits. Groups beyond a few dozen stakes gain little and hold their locks longer;
 * two groups in flight keep the database busy (one running while the next is sent) and leave
 * the pool's other connections to reads, votes and the outbox relay.
 */
const MAX_GROUP = 32;
const MAX_GROUPS_IN_FLIGHT = 2;

interface Booking {
  readonly stake: StakeBooking;
  readonly event: StakePlacedEnvelope;
}

interface PgPoolLike {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
  readonly totalCount: number;
}

/**
 * Books a stake in ONE call of `ledger.book_stakes`, so that on its own it is one round trip
 * and one implicit transaction (a stake used to take nine round trips, and round trips were
 * what bounded throughput). The function, in lock order (user account, then the site's pool,
 * then the site's counters), takes the amount from the user only if the balance covers it and
 * the site has a pool, credits the pool, adds to the site's totals and version, and writes the
 * journal transaction with its two entries, the stake row and the outbox row; when the debit
 * finds nothing (balance too low, or no pool: unknown site), nothing at all is written. The
 * accounts' CHECK and the journal's deferred zero-sum trigger still guard the result. On
 * PostgreSQL, stakes that arrive together go in one call (group commit).
 */
@Injectable()
export class StakeBookingRepository {
  private readonly pool?: PgPoolLike;
  /** On PostgreSQL, stakes booked on their own go through group commit; PGlite has one connection anyway. */
  private readonly groupCommit?: GroupCommit<Booking, BookedStake | undefined>;
  private readonly log: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    logger: JsonLogger,
    metrics: LedgerMetrics,
  ) {
    this.log = logger.forContext('StakeBookingRepository');
    const driver = driverOf(db);
    if (driver.engine === 'postgres') {
      this.pool = driver.pool;
      this.groupCommit = new GroupCommit({
        commit: (bookings) => this.bookGroup(bookings),
        maxGroup: MAX_GROUP,
        maxInFlight: MAX_GROUPS_IN_FLIGHT,
        onGroup: (size) => metrics.stakeGroupSize.observe(size),
      });
    }
  }

  /**
   * On its own (no `executor`), or inside the caller's transaction. On its own, the stake may be
   * booked together with others that arrived at the same time; each gets its own outcome.
   */
  book(
    stake: StakeBooking,
    event: StakePlacedEnvelope,
    executor?: Executor,
  ): Promise<BookedStake | undefined> {
    if (executor === undefined && this.groupCommit)
      return this.groupCommit.submit({ stake, event });
    return this.bookOne({ stake, event }, executor);
  }

  private async bookOne(booking: Booking, executor?: Executor): Promise<BookedStake | undefined> {
    const batch = JSON.stringify([batchElement(booking)]);
    const rows =
      executor === undefined && this.pool
        ? (
            await this.pool.query({
              name: BOOK_STAKES_STATEMENT,
              text: BOOK_STAKES,
              values: [batch],
            })
          ).rows
        : (
            await (executor ?? this.db).execute(
              sql`select ord, balance, support_total, concern_total, version, domain from ledger.book_stakes(${batch}::jsonb)`,
            )
          ).rows;
    const row = rows[0];
    return row ? bookedFrom(row) : undefined;
  }

  /**
   * A group in one call. If the call fails as a whole (one element's error aborts them all),
   * each element is booked again on its own, so that only the faulty one fails.
   */
  private async bookGroup(
    bookings: readonly Booking[],
  ): Promise<Array<PromiseSettledResult<BookedStake | undefined>>> {
    const pool = this.pool;
    if (bookings.length === 1 || !pool)
      return Promise.allSettled(bookings.map((booking) => this.bookOne(booking)));
    const batch = bookings.map(batchElement);
    let rows: Record<string, unknown>[];
    try {
      rows = (
        await pool.query({
          name: BOOK_STAKES_STATEMENT,
          text: BOOK_STAKES,
          values: [JSON.stringify(batch)],
        })
      ).rows;
    } catch (error) {
      this.log.entry('warn', 'a group of stakes failed as a whole; booking them one by one', {
        stakes: bookings.length,
        error: error instanceof Error ? error.message : String(error),
      });
      return Promise.allSettled(bookings.map((booking) => this.bookOne(booking)));
    }
    const booked = new Map(rows.map((row) => [n(row.ord), bookedFrom(row)]));
    return bookings.map((_, ord) => ({ status: 'fulfilled', value: booked.get(ord) }));
  }
}

function bookedFrom(row: Record<string, unknown>): BookedStake {
  return {
    balance: n(row.balance),
    supportTotal: n(row.support_total),
    concernTotal: n(row.concern_total),
    siteVersion: n(row.version),
    domain: String(row.domain),
  };
}

/** One element of `ledger.book_stakes`' batch (field names as the function reads them). */
function batchElement({ stake, event }: Booking) {
  return {
    stakeId: stake.stakeId,
    userId: stake.userId,
    siteId: stake.siteId,
    amount: stake.amount,
    type: stake.type,
    message: stake.message,
    createdAt: stake.createdAt.toISOString(),
    eventId: event.id,
    topic: event.topic,
    key: event.key,
    payload: event.payload,
    headers: event.headers,
    occurredAt: event.occurredAt,
  };
}
