import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  json,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { defineOutbox, defineProcessedEvents } from './outbox.js';

/** Owned by the ledger service: accounts, journal, stakes, votes. */
export const ledgerSchema = pgSchema('ledger');

export const ledgerOutbox = defineOutbox(ledgerSchema);
export const ledgerProcessedEvents = defineProcessedEvents(ledgerSchema);

/**
 * The sites the ledger knows of, learnt from `search.site-indexed` events (the ledger never
 * reads the search schema). A stake or vote on a site not in here is refused.
 */
export const knownSites = ledgerSchema.table('known_sites', {
  siteId: integer('site_id').primaryKey(),
  url: text('url').notNull(),
  domain: text('domain').notNull(),
  title: text('title').notNull(),
  /** The search service's indexedAt: an older event never overwrites a newer one. */
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull(),
  learntAt: timestamp('learnt_at', { withTimezone: true }).notNull().defaultNow(),
});

export const LEDGER_ACCOUNT_KINDS = ['user', 'site_pool', 'issuance'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * Double-entry accounts: one per user, one stake pool per site, and the single issuance
 * account that signup grants come from (its balance is minus every grant ever made, so the
 * balances of all accounts always add up to zero). Only issuance may go below zero.
 */
export const ledgerAccounts = ledgerSchema.table(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').unique(),
    siteId: integer('site_id')
      .unique()
      .references(() => knownSites.siteId),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('accounts_balance_not_negative', sql`kind = 'issuance' or balance >= 0`),
    check('accounts_kind_valid', sql`kind in ('user', 'site_pool', 'issuance')`),
    check(
      'accounts_owner_matches_kind',
      sql`(kind = 'user') = (user_id is not null) and (kind = 'site_pool') = (site_id is not null)`,
    ),
    // One issuance account, created by a migration.
    uniqueIndex('accounts_single_issuance')
      .on(t.kind)
      .where(sql`kind = 'issuance'`),
  ],
);

export const JOURNAL_TRANSACTION_KINDS = ['signup_grant', 'stake'] as const;
export type JournalTransactionKind = (typeof JOURNAL_TRANSACTION_KINDS)[number];

/**
 * One movement of bamboo. Its entries add up to zero (a deferred trigger checks it at commit);
 * `(kind, reference)` is unique, so a user is granted once and a stake is booked once.
 */
export const journalTransactions = ledgerSchema.table(
  'journal_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: JOURNAL_TRANSACTION_KINDS }).notNull(),
    /** The user id for a signup grant, the stake id for a stake. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_transactions_kind_reference_unique').on(t.kind, t.reference),
    check('journal_transactions_kind_valid', sql`kind in ('signup_grant', 'stake')`),
  ],
);

/** Append-only (a trigger refuses updates and deletes); an account's balance is the sum of its entries. */
export const journalEntries = ledgerSchema.table(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => journalTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Positive credits the account, negative debits it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('journal_entries_transaction_idx').on(t.transactionId),
    index('journal_entries_account_idx').on(t.accountId),
    check('journal_entries_amount_not_zero', sql`amount <> 0`),
  ],
);

export const STAKE_KINDS = ['support', 'concern'] as const;

export const stakes = ledgerSchema.table(
  'stakes',
  {
    id: uuid('id').primaryKey(),
    /** Commit-independent insertion order, for "newest first" without timestamp ties. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => knownSites.siteId),
    amount: integer('amount').notNull(),
    type: text('type', { enum: STAKE_KINDS }).notNull(),
    message: text('message'),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => journalTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stakes_user_seq_idx').on(t.userId, t.seq),
    index('stakes_site_seq_idx').on(t.siteId, t.seq),
    check('stakes_amount_positive', sql`amount >= 1`),
    check('stakes_type_valid', sql`type in ('support', 'concern')`),
    check('stakes_message_length', sql`message is null or char_length(message) between 1 and 500`),
  ],
);

/**
 * The per-site counters, changed under this row's lock. `version` grows by one with every
 * stake or vote on the site and travels in the events as `siteVersion`.
 */
export const siteStats = ledgerSchema.table(
  'site_stats',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => knownSites.siteId),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    supportTotal: bigint('support_total', { mode: 'number' }).notNull().default(0),
    concernTotal: bigint('concern_total', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  () => [
    check(
      'site_stats_counts_not_negative',
      sql`upvotes >= 0 and downvotes >= 0 and support_total >= 0 and concern_total >= 0`,
    ),
  ],
);

export const VOTE_KINDS = ['up', 'down'] as const;

/** A user's current vote on a site (none: no row). */
export const votes = ledgerSchema.table(
  'votes',
  {
    userId: text('user_id').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => knownSites.siteId),
    type: text('type', { enum: VOTE_KINDS }).notNull(),
    castAt: timestamp('cast_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId] }),
    check('votes_type_valid', sql`type in ('up', 'down')`),
  ],
);

/**
 * The first answer to a request sent with an `Idempotency-Key`, per user: a replay gets it
 * back instead of acting again. `request_hash` tells a replay from a different request.
 */
export const idempotencyKeys = ledgerSchema.table(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** json, not jsonb: a replay answers the very same bytes (jsonb would reorder the keys). */
    response: json('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
