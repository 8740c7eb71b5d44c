CREATE TABLE "analysis"."snapshots" (
	"url" text PRIMARY KEY NOT NULL,
	"analysis_id" uuid NOT NULL,
	"page" "bytea" NOT NULL,
	"browser" "bytea",
	"bytes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis"."snapshots" ADD CONSTRAINT "snapshots_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "analysis"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "snapshots_analysis_id_idx" ON "analysis"."snapshots" USING btree ("analysis_id");