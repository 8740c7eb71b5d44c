import { Inject, Injectable } from '@nestjs/common';
import type { StakePlacedV1, StakeType } from '@frenly/contracts';
import { driverOf, type Database } from '@frenly/db';
import { DATABASE, JsonLogger } from '@frenly/platform';
import { sql, type SQL } from 'drizzle-orm';
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
 * The booking, one statement. Parameters: $1 amount, $2 user id, $3 site id, $4 support
 * amount, $5 concern amount, $6 stake id, $7 type, $8 message, $9 created at, $10 event id,
 * $11 topic, $12 key, $13 payload without the totals, $14 headers, $15 occurred at.
 */
const BOOK_STAKE = `
  with debit as (
    update ledger.accounts a set balance = a.balance - $1::bigint
    where a.user_id = $2::text and a.balance >= $1::bigint
      and exists (select 1 from ledger.accounts p where p.site_id = $3::int)
    returning a.id, a.balance
  ), pool as (
    update ledger.accounts p set balance = p.balance + $1::bigint
    from debit
    where p.site_id = $3::int
    returning p.id
  ), totals as (
    update ledger.site_stats s
    set support_total = s.support_total + $4::bigint,
        concern_total = s.concern_total + $5::bigint,
        version = s.version + 1
    from pool
    where s.site_id = $3::int
    returning s.support_total, s.concern_total, s.version
  ), movement as (
    insert into ledger.journal_transactions (kind, reference)
    select 'stake', $6::text from totals
    returning id
  ), entries as (
    insert into ledger.journal_entries (transaction_id, account_id, amount)
    select movement.id, debit.id, -$1::bigint from movement, debit
    union all
    select movement.id, pool.id, $1::bigint from movement, pool
  ), placed as (
    insert into ledger.stakes (id, user_id, site_id, amount, type, message, transaction_id, created_at)
    select $6::uuid, $2::text, $3::int, $1::int, $7::text, $8::text, movement.id, $9::timestamptz
    from movement
    returning id
  ), published as (
    insert into ledger.outbox (event_id, topic, key, payload, headers, created_at)
    select $10::uuid, $11::text, $12::text,
           $13::jsonb || jsonb_build_object(
             'totalStaked', totals.support_total + totals.concern_total,
             'supportTotal', totals.support_total,
             'concernTotal', totals.concern_total,
             'siteVersion', totals.version),
           $14::jsonb, $15::timestamptz
    from totals, placed
    returning event_id
  )
  select debit.balance, totals.support_total, totals.concern_total, totals.version,
         (select domain from ledger.known_sites where site_id = $3::int) as domain
  from debit, totals`;

/** Prepared once per connection by node-postgres (PostgreSQL then skips parsing and planning). */
const BOOK_STAKE_STATEMENT = 'ledger_book_stake_v1';

/**
 * Many stakes in one call: `ledger.book_stakes` (migration 0003) books each element as
 * BOOK_STAKE books one, after taking the locks in the same order; one row per booked element.
 */
const BOOK_STAKES = 'select ord, balance, support_total, concern_total, version, domain from ledger.book_stakes($1::jsonb)';
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
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
  readonly totalCount: number;
}

/**
 * Books a stake in ONE statement, so that on its own it is one round trip and one implicit
 * transaction (a stake used to take nine round trips, and round trips were what bounded
 * throughput). In lock order — user account, then the site's pool, then the site's counters —
 * it takes the amount from the user only if the balance covers it and the site has a pool,
 * credits the pool, adds to the site's totals and version, and writes the journal transaction
 * with its two entries, the stake row and the outbox row. Each step feeds on the previous
 * one's rows, so when the debit finds nothing (balance too low, or no pool: unknown site),
 * nothing at all is written. The accounts' CHECK and the journal's deferred zero-sum trigger
 * still guard the result. On PostgreSQL, stakes that arrive together are booked together by
 * `ledger.book_stakes` (group commit), the same booking for each in one call.
 */
@Injectable()
export class StakeBookingRepository {
  private readonly pool?: PgPoolLike;
  /** On PostgreSQL, stakes booked on their own go through group commit; PGlite has one connection anyway. */
  private readonly groupCommit?: GroupCommit<Booking, BookedStake | undefined>;
  private readonly log: JsonLogger;

  constructor(@Inject(DATABASE) private readonly db: Database, logger: JsonLogger, metrics: LedgerMetrics) {
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
  book(stake: StakeBooking, event: StakePlacedEnvelope, executor?: Executor): Promise<BookedStake | undefined> {
    if (executor === undefined && this.groupCommit) return this.groupCommit.submit({ stake, event });
    return this.bookOne({ stake, event }, executor);
  }

  private async bookOne({ stake, event }: Booking, executor?: Executor): Promise<BookedStake | undefined> {
    const { stakeId, userId, siteId, amount, type, message, createdAt } = stake;
    const values: unknown[] = [
      amount, userId, siteId, type === 'support' ? amount : 0, type === 'concern' ? amount : 0,
      stakeId, type, message, createdAt.toISOString(),
      event.id, event.topic, event.key, JSON.stringify(event.payload), JSON.stringify(event.headers), event.occurredAt,
    ];
    const rows =
      executor === undefined && this.pool
        ? (await this.pool.query({ name: BOOK_STAKE_STATEMENT, text: BOOK_STAKE, values })).rows
        : (await (executor ?? this.db).execute(withParameters(BOOK_STAKE, values))).rows;
    const row = rows[0];
    return row ? bookedFrom(row) : undefined;
  }

  /**
   * A group in one call. If the call fails as a whole (one element's error aborts them all),
   * each element is booked again on its own, so that only the faulty one fails.
   */
  private async bookGroup(bookings: readonly Booking[]): Promise<Array<PromiseSettledResult<BookedStake | undefined>>> {
    const pool = this.pool;
    if (bookings.length === 1 || !pool) return Promise.allSettled(bookings.map((booking) => this.bookOne(booking)));
    const batch = bookings.map(({ stake, event }) => ({
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
    }));
    let rows: Record<string, unknown>[];
    try {
      rows = (await pool.query({ name: BOOK_STAKES_STATEMENT, text: BOOK_STAKES, values: [JSON.stringify(batch)] })).rows;
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

/** The same statement as a drizzle SQL object: `$n` becomes the n-th value, bound as a parameter. */
function withParameters(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`);
  });
  return sql.join(chunks);
}
