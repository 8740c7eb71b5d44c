CREATE TABLE "search"."site_bodies" (
	"id" integer PRIMARY KEY NOT NULL,
	"static_rank" double precision NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search"."site_heads" (
	"id" integer PRIMARY KEY NOT NULL,
	"static_rank" double precision NOT NULL,
	"domain" text NOT NULL,
	"domain_label" text NOT NULL,
	"title_key" text NOT NULL,
	"head_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "search"."sites_search_vector_idx";--> statement-breakpoint
DROP INDEX "search"."sites_head_vector_idx";--> statement-breakpoint
DROP INDEX "search"."sites_static_rank_idx";--> statement-breakpoint
DROP INDEX "search"."sites_domain_label_idx";--> statement-breakpoint
DROP INDEX "search"."sites_title_lower_idx";--> statement-breakpoint
CREATE INDEX "site_bodies_vector_idx" ON "search"."site_bodies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "site_heads_rank_idx" ON "search"."site_heads" USING btree ("static_rank" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "site_heads_vector_idx" ON "search"."site_heads" USING gin ("head_vector");--> statement-breakpoint
CREATE INDEX "site_heads_domain_idx" ON "search"."site_heads" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "site_heads_domain_label_idx" ON "search"."site_heads" USING btree ("domain_label");--> statement-breakpoint
CREATE INDEX "site_heads_title_key_idx" ON "search"."site_heads" USING btree ("title_key");--> statement-breakpoint
ALTER TABLE "search"."sites" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "search"."sites" DROP COLUMN "head_vector";