import { index, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { defineOutbox, defineProcessedEvents } from './outbox.js';

/** Owned by the gateway: users, sessions and this installation's identity. */
export const identitySchema = pgSchema('identity');

/** One row, written on first start: lets operators (and tests) tell installations apart. */
export const installation = identitySchema.table('installation', {
  id: uuid('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A person as an identity provider knows them: one row per provider + subject. */
export const users = identitySchema.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** The configured provider id (`dev`, `github`, `google`…). */
    provider: text('provider').notNull(),
    /** The provider's stable id of the person (OIDC `sub`, GitHub user id). */
    subject: text('subject').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    profileImageUrl: text('profile_image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('users_provider_subject_idx').on(t.provider, t.subject)],
);

/**
 * Signed-in browsers. The cookie carries a random id; only its SHA-256 is stored, so a leaked
 * table does not hand out sessions. Idle expiry counts from `last_seen_at`; `expires_at` is the
 * absolute end, fixed at sign-in.
 */
export const sessions = identitySchema.table(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's ID token, kept for RP-initiated logout (`id_token_hint`). */
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
  ],
);

/**
 * Sign-ins in progress, between /auth/{provider} and its callback: the PKCE verifier and nonce
 * never leave the server. Keyed by the SHA-256 of `state`; consumed (deleted) by the callback.
 */
export const loginFlows = identitySchema.table(
  'login_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce'),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_flows_expires_at_idx').on(t.expiresAt)],
);

/**
 * Web Push subscriptions, scoped per user: subscribing again with the same endpoint replaces that
 * user's row (renewed keys); the same endpoint under another user is a separate row.
 */
export const pushSubscriptions = identitySchema.table(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // One row per (user, endpoint): another account subscribing the same endpoint gets its own
  // row and never takes over (or rewrites the keys of) someone else's.
  (t) => [
    uniqueIndex('push_subscriptions_user_endpoint_idx').on(t.userId, t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

export const identityOutbox = defineOutbox(identitySchema);
export const identityProcessedEvents = defineProcessedEvents(identitySchema);
