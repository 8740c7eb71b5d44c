-- The catalogue's long texts compressed with lz4 instead of pglz where the server has it: pglz
-- took half of the CPU of loading a site (COPY of 100,000 corpus sites: 58 µs of CPU per site
-- with pglz, 31 with lz4; reading the page text back to tokenise it is cheaper too). Only new
-- values are compressed this way; nothing is rewritten. PGlite has no lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE search.sites
    ALTER COLUMN page_text SET COMPRESSION lz4,
    ALTER COLUMN analysis_data SET COMPRESSION lz4,
    ALTER COLUMN description SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available: the catalogue keeps pglz';
END $$;
