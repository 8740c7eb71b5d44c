CREATE TABLE "ledger"."idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger"."journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "journal_entries_amount_not_zero" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger"."journal_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_transactions_kind_valid" CHECK (kind in ('signup_grant', 'stake'))
);
--> statement-breakpoint
CREATE TABLE "ledger"."known_sites" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"title" text NOT NULL,
	"indexed_at" timestamp with time zone NOT NULL,
	"learnt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger"."accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"site_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "accounts_site_id_unique" UNIQUE("site_id"),
	CONSTRAINT "accounts_balance_not_negative" CHECK (kind = 'issuance' or balance >= 0),
	CONSTRAINT "accounts_kind_valid" CHECK (kind in ('user', 'site_pool', 'issuance')),
	CONSTRAINT "accounts_owner_matches_kind" CHECK ((kind = 'user') = (user_id is not null) and (kind = 'site_pool') = (site_id is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger"."site_stats" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"support_total" bigint DEFAULT 0 NOT NULL,
	"concern_total" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "site_stats_counts_not_negative" CHECK (upvotes >= 0 and downvotes >= 0 and support_total >= 0 and concern_total >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger"."stakes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"type" text NOT NULL,
	"message" text,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stakes_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "stakes_amount_positive" CHECK (amount >= 1),
	CONSTRAINT "stakes_type_valid" CHECK (type in ('support', 'concern')),
	CONSTRAINT "stakes_message_length" CHECK (message is null or char_length(message) between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "ledger"."votes" (
	"user_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"cast_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_user_id_site_id_pk" PRIMARY KEY("user_id","site_id"),
	CONSTRAINT "votes_type_valid" CHECK (type in ('up', 'down'))
);
--> statement-breakpoint
ALTER TABLE "ledger"."journal_entries" ADD CONSTRAINT "journal_entries_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "ledger"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."journal_entries" ADD CONSTRAINT "journal_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "ledger"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."accounts" ADD CONSTRAINT "accounts_site_id_known_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "ledger"."known_sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."site_stats" ADD CONSTRAINT "site_stats_site_id_known_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "ledger"."known_sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."stakes" ADD CONSTRAINT "stakes_site_id_known_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "ledger"."known_sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."stakes" ADD CONSTRAINT "stakes_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "ledger"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger"."votes" ADD CONSTRAINT "votes_site_id_known_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "ledger"."known_sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_transaction_idx" ON "ledger"."journal_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "journal_entries_account_idx" ON "ledger"."journal_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_transactions_kind_reference_unique" ON "ledger"."journal_transactions" USING btree ("kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_single_issuance" ON "ledger"."accounts" USING btree ("kind") WHERE kind = 'issuance';--> statement-breakpoint
CREATE INDEX "stakes_user_seq_idx" ON "ledger"."stakes" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "stakes_site_seq_idx" ON "ledger"."stakes" USING btree ("site_id","seq");