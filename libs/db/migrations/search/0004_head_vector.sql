ALTER TABLE "search"."sites" ADD COLUMN "head_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, title || ' ' || domain || ' ' || regexp_replace(regexp_replace(domain, '\.[^.]+$', ''), '[._-]+', ' ', 'g')), 'A')
  || setweight(to_tsvector('english'::regconfig, description || ' ' || search.words_of(tags)), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "sites_head_vector_idx" ON "search"."sites" USING gin ("head_vector");