-- The search index of a site beside its catalogue row: search.site_bodies (whole document) and
-- search.site_heads (static rank, head vector, the names an exact match compares), kept equal to search.sites by
-- statement-level triggers so that every writer (upserts, event consumers, batch inserts) keeps
-- them current. Each site is tokenised once, by search.site_document; its head vector is the
-- document's A and B part. A bulk load may disable sites_index_insert and rebuild both in
-- static-rank order at the end (SearchIndexRepository).

-- The weighted document (docs/search-ranking.md): title and domain A (the domain as a host token
-- and as words without its suffix), description and tags B, the first 1,000 characters of page
-- text C (INDEXED_PAGE_TEXT_CHARS in libs/db/src/schema/search.ts), English stemming.
CREATE FUNCTION search.site_document(title text, domain text, description text, tags text[], page_text text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('english'::regconfig, title || ' ' || domain || ' ' || regexp_replace(regexp_replace(domain, '\.[^.]+$', ''), '[._-]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('english'::regconfig, description || ' ' || search.words_of(tags)), 'B')
    || setweight(to_tsvector('english'::regconfig, left(page_text, 1000)), 'C');
--> statement-breakpoint
-- A long document goes out of line as it is (a tsvector hardly compresses: trying costs CPU).
ALTER TABLE search.site_bodies ALTER COLUMN search_vector SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE FUNCTION search.site_index_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH doc AS MATERIALIZED (
    SELECT n.id, n.static_rank, n.domain, n.domain_label, lower(n.title) AS title_key,
      search.site_document(n.title, n.domain, n.description, n.tags, n.page_text) AS v
    FROM new_sites n
  ), bodies AS (
    INSERT INTO search.site_bodies (id, static_rank, search_vector) SELECT id, static_rank, v FROM doc
    ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, search_vector = excluded.search_vector
  )
  INSERT INTO search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector)
  SELECT id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b}') FROM doc
  ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, domain = excluded.domain, domain_label = excluded.domain_label,
    title_key = excluded.title_key, head_vector = excluded.head_vector;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A changed text re-tokenises the site; a changed rank alone (votes, analysis scores) only moves it.
CREATE FUNCTION search.site_index_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS MATERIALIZED (
    SELECT n.id, n.static_rank, n.domain, n.domain_label, lower(n.title) AS title_key,
      CASE WHEN n.title IS DISTINCT FROM o.title OR n.domain IS DISTINCT FROM o.domain OR n.description IS DISTINCT FROM o.description
             OR n.tags IS DISTINCT FROM o.tags OR n.page_text IS DISTINCT FROM o.page_text
        THEN search.site_document(n.title, n.domain, n.description, n.tags, n.page_text) END AS v,
      n.static_rank IS DISTINCT FROM o.static_rank AS rank_changed
    FROM new_sites n JOIN old_sites o ON o.id = n.id
  ), bodies AS (
    INSERT INTO search.site_bodies (id, static_rank, search_vector) SELECT id, static_rank, v FROM changed WHERE v IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, search_vector = excluded.search_vector
  ), heads AS (
    INSERT INTO search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector)
    SELECT id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b}') FROM changed WHERE v IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET static_rank = excluded.static_rank, domain = excluded.domain, domain_label = excluded.domain_label,
      title_key = excluded.title_key, head_vector = excluded.head_vector
  ), body_ranks AS (
    UPDATE search.site_bodies b SET static_rank = c.static_rank FROM changed c WHERE c.v IS NULL AND c.rank_changed AND b.id = c.id
  )
  UPDATE search.site_heads h SET static_rank = c.static_rank FROM changed c WHERE c.v IS NULL AND c.rank_changed AND h.id = c.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search.site_index_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search.site_bodies b USING old_sites o WHERE b.id = o.id;
  DELETE FROM search.site_heads h USING old_sites o WHERE h.id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search.site_index_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search.site_bodies, search.site_heads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sites_index_insert AFTER INSERT ON search.sites REFERENCING NEW TABLE AS new_sites
  FOR EACH STATEMENT EXECUTE FUNCTION search.site_index_after_insert();
--> statement-breakpoint
CREATE TRIGGER sites_index_update AFTER UPDATE ON search.sites REFERENCING OLD TABLE AS old_sites NEW TABLE AS new_sites
  FOR EACH STATEMENT EXECUTE FUNCTION search.site_index_after_update();
--> statement-breakpoint
CREATE TRIGGER sites_index_delete AFTER DELETE ON search.sites REFERENCING OLD TABLE AS old_sites
  FOR EACH STATEMENT EXECUTE FUNCTION search.site_index_after_delete();
--> statement-breakpoint
CREATE TRIGGER sites_index_truncate AFTER TRUNCATE ON search.sites
  FOR EACH STATEMENT EXECUTE FUNCTION search.site_index_after_truncate();
--> statement-breakpoint
-- The sites already catalogued, in static-rank order.
WITH doc AS MATERIALIZED (
  SELECT id, static_rank, domain, domain_label, lower(title) AS title_key,
    search.site_document(title, domain, description, tags, page_text) AS v
  FROM search.sites
), bodies AS (
  INSERT INTO search.site_bodies (id, static_rank, search_vector) SELECT id, static_rank, v FROM doc ORDER BY static_rank DESC, id
)
INSERT INTO search.site_heads (id, static_rank, domain, domain_label, title_key, head_vector)
SELECT id, static_rank, domain, domain_label, title_key, ts_filter(v, '{a,b}') FROM doc ORDER BY static_rank DESC, id;