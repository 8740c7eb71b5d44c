DROP TABLE "analysis"."recent_stakes" CASCADE;--> statement-breakpoint
DROP TABLE "analysis"."site_community" CASCADE;