CREATE SCHEMA "analysis";
--> statement-breakpoint
CREATE TABLE "analysis"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "outbox_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "analysis"."processed_events" (
	"consumer_group" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_group_event_id_pk" PRIMARY KEY("consumer_group","event_id")
);
--> statement-breakpoint
CREATE INDEX "analysis_outbox_unpublished_idx" ON "analysis"."outbox" USING btree ("seq") WHERE "analysis"."outbox"."published_at" is null;