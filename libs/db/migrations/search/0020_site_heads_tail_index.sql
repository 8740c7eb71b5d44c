-- The sites added since the catalogue was last stored in static-rank order (id above
-- index.ordered-through) get a GIN index of their own on their head vectors: the search looks
-- them up apart (search.ranked_page's tail). Each bulk load creates it anew with its bound
-- (SearchIndexRepository, TAIL_INDEX); this creates it for a catalogue ordered before.
DO $$
DECLARE
  ordered_through bigint;
BEGIN
  SELECT value::bigint INTO ordered_through FROM search.settings WHERE key = 'index.ordered-through';
  IF coalesce(ordered_through, 0) > 0 THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS site_heads_tail_vector_idx ON search.site_heads USING gin (head_vector) WHERE id > %s', ordered_through);
  END IF;
END $$;
