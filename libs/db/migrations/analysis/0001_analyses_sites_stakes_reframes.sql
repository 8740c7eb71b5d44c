CREATE TABLE "analysis"."analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"engine" text,
	"scoring_version" integer,
	"frenliness_score" integer,
	"is_verified" boolean DEFAULT false NOT NULL,
	"report" jsonb,
	"error_code" text,
	"error_message" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis"."recent_stakes" (
	"stake_id" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"type" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis"."reframes" (
	"site_id" integer NOT NULL,
	"lens" text NOT NULL,
	"content_hash" text NOT NULL,
	"analysis_id" uuid,
	"engine" text NOT NULL,
	"reframed_content" text NOT NULL,
	"actionable_advice" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reframes_site_id_lens_content_hash_pk" PRIMARY KEY("site_id","lens","content_hash")
);
--> statement-breakpoint
CREATE TABLE "analysis"."site_community" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"votes_version" bigint DEFAULT 0 NOT NULL,
	"total_staked" bigint DEFAULT 0 NOT NULL,
	"support_total" bigint DEFAULT 0 NOT NULL,
	"concern_total" bigint DEFAULT 0 NOT NULL,
	"stakes_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis"."site_refs" (
	"url" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"domain" text NOT NULL,
	"title" text NOT NULL,
	"indexed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analyses_url_created_idx" ON "analysis"."analyses" USING btree ("url","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recent_stakes_site_created_idx" ON "analysis"."recent_stakes" USING btree ("site_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "site_refs_site_id_idx" ON "analysis"."site_refs" USING btree ("site_id");