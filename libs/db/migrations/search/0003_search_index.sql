CREATE TABLE "search"."crawl_roots" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"submitted_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"pages_indexed" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_crawled_at" timestamp with time zone,
	"next_crawl_at" timestamp with time zone,
	CONSTRAINT "crawl_roots_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "search"."lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search"."query_visitors" (
	"normalized_query" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "query_visitors_normalized_query_visitor_hash_pk" PRIMARY KEY("normalized_query","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "search"."seed_loads" (
	"version" text PRIMARY KEY NOT NULL,
	"site_count" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "page_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "source" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "crawled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "support_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "concern_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "votes_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "stakes_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "domain_label" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(domain, '(\.(co|com|org|net|gov|ac|edu|or|ne|go))?\.[a-z0-9-]+$', ''), '^.*\.', '')) STORED;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, title || ' ' || domain || ' ' || regexp_replace(regexp_replace(domain, '\.[^.]+$', ''), '[._-]+', ' ', 'g')), 'A')
  || setweight(to_tsvector('english'::regconfig, description || ' ' || search.words_of(tags)), 'B')
  || setweight(to_tsvector('english'::regconfig, left(page_text, 4000)), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "static_rank" double precision GENERATED ALWAYS AS (
  0.5 * coalesce(frenliness_score, 50)::float8 / 100
  + 0.3 * (0.5
      + greatest(0, (case when (upvotes + downvotes) = 0 then 0::float8 else
    ((upvotes)::float8 / ((upvotes + downvotes)) + 1.9208 / ((upvotes + downvotes)) - 1.96 * sqrt(((upvotes)::float8 / ((upvotes + downvotes))) * (1 - (upvotes)::float8 / ((upvotes + downvotes))) / ((upvotes + downvotes)) + 0.9604 / (((upvotes + downvotes))::float8 * ((upvotes + downvotes)))))
    / (1 + 3.8416 / ((upvotes + downvotes))) end) - 0.5)
      - greatest(0, (case when (upvotes + downvotes) = 0 then 0::float8 else
    ((downvotes)::float8 / ((upvotes + downvotes)) + 1.9208 / ((upvotes + downvotes)) - 1.96 * sqrt(((downvotes)::float8 / ((upvotes + downvotes))) * (1 - (downvotes)::float8 / ((upvotes + downvotes))) / ((upvotes + downvotes)) + 0.9604 / (((upvotes + downvotes))::float8 * ((upvotes + downvotes)))))
    / (1 + 3.8416 / ((upvotes + downvotes))) end) - 0.5))
  + 0.2 * (case trust_score when 'high' then 1.0 when 'medium' then 0.6 when 'low' then 0.1 else 0.5 end)::float8) STORED;--> statement-breakpoint
CREATE INDEX "crawl_roots_next_crawl_idx" ON "search"."crawl_roots" USING btree ("next_crawl_at");--> statement-breakpoint
CREATE INDEX "crawl_roots_submitted_by_idx" ON "search"."crawl_roots" USING btree ("submitted_by","created_at");--> statement-breakpoint
CREATE INDEX "lexicon_word_trgm_idx" ON "search"."lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "query_visitors_last_seen_idx" ON "search"."query_visitors" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "sites_search_vector_idx" ON "search"."sites" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "sites_static_rank_idx" ON "search"."sites" USING btree ("static_rank" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "sites_domain_idx" ON "search"."sites" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "sites_domain_label_idx" ON "search"."sites" USING btree ("domain_label");--> statement-breakpoint
CREATE INDEX "sites_title_lower_idx" ON "search"."sites" USING btree (lower("title"));