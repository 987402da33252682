-- Offer search (issue 10): a case- and accent-insensitive "contains" search over the vintages'
-- titleUnidecoded. The service compares lower(title_unidecoded) LIKE '%term%' with the term
-- normalised the same way (src/domain/search.ts); a btree index cannot answer a leading wildcard,
-- a pg_trgm GIN index can (PGlite loads the pg_trgm extension in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vintages_title_unidecoded_trgm_idx" ON "vintages" USING gin (lower("title_unidecoded") gin_trgm_ops);
