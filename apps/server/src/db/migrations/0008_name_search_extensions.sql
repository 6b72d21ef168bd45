-- Hand-written (drizzle-kit cannot declare extensions or functions): the name search of clients and sites (issue 11)
-- folds case and accents with `unaccent` and finds "contains" matches through `pg_trgm` indexes. Both are trusted
-- extensions (PostgreSQL >= 13: the database owner may create them); PGlite loads them from its contrib bundles
-- (src/platform/db/database.ts).
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
-- Lower case without accents. `unaccent(text)` is only STABLE (it reads its dictionary by name); naming the dictionary
-- and the schema makes the result depend on its argument alone, so the function may compute a stored column.
CREATE OR REPLACE FUNCTION public.fold_name(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
