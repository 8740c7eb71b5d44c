CREATE TABLE "analysis"."screenshots" (
	"analysis_id" uuid PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis"."screenshots" ADD CONSTRAINT "screenshots_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "analysis"."analyses"("id") ON DELETE cascade ON UPDATE no action;