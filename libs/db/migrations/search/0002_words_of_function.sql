-- An immutable array_to_string for the sites' generated search vector (array_to_string itself is
-- only stable, which generated columns refuse; for a text[] its result never changes).
CREATE FUNCTION search.words_of(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(array_to_string(words, ' '), '');