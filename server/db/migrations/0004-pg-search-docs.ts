import { sql } from 'kysely'
import type { Migration } from './types.ts'

/**
 * PostgreSQL search reads a narrow copy of each title (key, popularity, adult, titles, tsvector)
 * instead of the wide catalogue rows: at a million titles the matches of a common word are
 * thousands of rows, and reading them from a 100 MB table kept in popularity order (see
 * `optimizeAfterImport`) is several times cheaper than from the full rows. A trigger keeps the
 * copy in step with every insert, update and delete, so no writer has to know about it.
 * SQLite's FTS5 index already plays this part there.
 */
export const pgSearchDocs: Migration = {
	async up(db, dialect) {
		if (dialect !== 'postgres') return
		await sql`CREATE TABLE catalog_search_docs (
			key integer PRIMARY KEY,
			popularity double precision NOT NULL,
			adult integer NOT NULL,
			title text NOT NULL,
			original_title text,
			search_vector tsvector NOT NULL
		)`.execute(db)
		await sql`INSERT INTO catalog_search_docs (key, popularity, adult, title, original_title, search_vector)
			SELECT key, popularity, adult, title, NULLIF(original_title, title), to_tsvector('simple', search_text)
			FROM catalog_titles ORDER BY popularity DESC, key DESC`.execute(db)
		await sql`CREATE INDEX catalog_search_docs_vector_idx ON catalog_search_docs USING gin (search_vector)`.execute(db)
		await sql`CREATE INDEX catalog_search_docs_popularity_idx ON catalog_search_docs (popularity DESC, key DESC)`.execute(db)
		await sql`CREATE FUNCTION catalog_search_docs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				IF TG_OP = 'DELETE' THEN
					DELETE FROM catalog_search_docs WHERE key = OLD.key;
					RETURN OLD;
				END IF;
				INSERT INTO catalog_search_docs (key, popularity, adult, title, original_title, search_vector)
				VALUES (NEW.key, NEW.popularity, NEW.adult, NEW.title, NULLIF(NEW.original_title, NEW.title), to_tsvector('simple', NEW.search_text))
				ON CONFLICT (key) DO UPDATE SET
					popularity = EXCLUDED.popularity, adult = EXCLUDED.adult, title = EXCLUDED.title,
					original_title = EXCLUDED.original_title, search_vector = EXCLUDED.search_vector;
				RETURN NEW;
			END
		$$`.execute(db)
		await sql`CREATE TRIGGER catalog_titles_search_docs
			AFTER INSERT OR DELETE OR UPDATE OF popularity, adult, title, original_title, search_text ON catalog_titles
			FOR EACH ROW EXECUTE FUNCTION catalog_search_docs_sync()`.execute(db)
		// Two ways to find the candidates, as functions so each can pin its plan (SET below) rather
		// than leave a million-row choice to estimates. Both return at most `top_rows` titles by
		// popularity and, in `total`, how many matched up to `max_rows`.
		// 1. Through the full-text index, for queries with at least one uncommon word: the common
		//    words are checked on each match instead of merged from their huge posting lists. The
		//    matches are read in table order, which is popularity order (the table is clustered on
		//    it after an import), so past `max_rows` matches the most popular ones are kept.
		await sql`CREATE FUNCTION catalog_search_matches(indexed tsquery, checked tsquery, include_adult boolean, max_rows integer, top_rows integer)
			RETURNS TABLE (key integer, title text, original_title text, popularity double precision, total bigint)
			LANGUAGE sql STABLE
			SET enable_seqscan = off SET enable_indexscan = off SET max_parallel_workers_per_gather = 0
			AS $$
				WITH matched AS MATERIALIZED (
					SELECT d.key, d.title, d.original_title, d.popularity FROM catalog_search_docs d
					WHERE d.search_vector @@ indexed
						AND (checked IS NULL OR (d.search_vector || ''::tsvector) @@ checked)
						AND (include_adult OR d.adult = 0)
					LIMIT max_rows
				)
				SELECT m.key, m.title, m.original_title, m.popularity, (SELECT count(*) FROM matched)
				FROM matched m ORDER BY m.popularity DESC, m.key DESC LIMIT top_rows
			$$`.execute(db)
		// 2. Down the popularity index, for queries made only of common words ("the", "a", "of"):
		//    matches are dense there, so the first thousands of titles hold enough of them.
		await sql`CREATE FUNCTION catalog_search_popular_matches(query tsquery, include_adult boolean, max_rows integer, top_rows integer)
			RETURNS TABLE (key integer, title text, original_title text, popularity double precision, total bigint)
			LANGUAGE sql STABLE
			SET enable_seqscan = off SET enable_bitmapscan = off SET max_parallel_workers_per_gather = 0
			AS $$
				WITH matched AS MATERIALIZED (
					SELECT d.key, d.title, d.original_title, d.popularity FROM catalog_search_docs d
					WHERE d.search_vector @@ query AND (include_adult OR d.adult = 0)
					ORDER BY d.popularity DESC, d.key DESC LIMIT max_rows
				)
				SELECT m.key, m.title, m.original_title, m.popularity, (SELECT count(*) FROM matched)
				FROM matched m ORDER BY m.popularity DESC, m.key DESC LIMIT top_rows
			$$`.execute(db)
		// The wide table's own tsvector and its index are no longer read.
		await sql`DROP INDEX IF EXISTS catalog_titles_search_idx`.execute(db)
		await sql`ALTER TABLE catalog_titles DROP COLUMN IF EXISTS search_vector`.execute(db)
	},
}
