-- Trigram matching for typo- and prefix-tolerant search (drizzle-kit never writes CREATE EXTENSION).
CREATE EXTENSION IF NOT EXISTS pg_trgm;