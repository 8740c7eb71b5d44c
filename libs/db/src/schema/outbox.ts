import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';

/**
 * The transactional outbox of one service schema: an event row is inserted in the same
 * transaction as the state change it describes, and a relay publishes unsent rows in `seq`
 * order (which keeps per-key order) and stamps `published_at`.
 */
export function defineOutbox(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      seq: bigserial('seq', { mode: 'number' }).primaryKey(),
      eventId: uuid('event_id').notNull().unique(),
      topic: text('topic').notNull(),
      key: text('key').notNull(),
      payload: jsonb('payload').notNull(),
      headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
    },
    (t) => [
      index(`${schema.schemaName}_outbox_unpublished_idx`)
        .on(t.seq)
        .where(sql`${t.publishedAt} is null`),
    ],
  );
}

/**
 * Events a consumer group has already handled, so a redelivered event id changes nothing.
 * Written in the same transaction as the handler's own writes where the handler uses this DB.
 */
export function defineProcessedEvents(schema: PgSchema) {
  return schema.table(
    'processed_events',
    {
      consumerGroup: text('consumer_group').notNull(),
      eventId: uuid('event_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumerGroup, t.eventId] })],
  );
}
