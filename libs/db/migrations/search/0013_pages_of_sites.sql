ALTER TABLE "search"."site_heads" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "search"."sites" ADD CONSTRAINT "sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "search"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_site_id_idx" ON "search"."sites" USING btree ("site_id");