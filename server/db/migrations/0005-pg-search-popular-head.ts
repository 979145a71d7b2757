import { sql } from 'kysely'
import type { Migration } from './types.ts'

/**
 * Matches among the most popular titles, found down the popularity index wherever they sit in
 * the table. Search adds them when a query has more matches than it reads in table order
 * (decision 0008), so titles made popular since the last clustering (a `catalog:sync`) are
 * never missed. `head` bounds the titles read: a few milliseconds whatever the query.
 */
export const pgSearchPopularHead: Migration = {
	async up(db, dialect) {
		if (dialect !== 'postgres') return
		await sql`CREATE FUNCTION catalog_search_popular_head(indexed tsquery, checked tsquery, include_adult boolean, head integer, top_rows integer)
			RETURNS TABLE (key integer, title text, original_title text, popularity double precision)
			LANGUAGE sql STABLE
			SET enable_seqscan = off SET enable_bitmapscan = off SET max_parallel_workers_per_gather = 0
			AS $$
				SELECT h.key, h.title, h.original_title, h.popularity
				FROM (SELECT d.* FROM catalog_search_docs d ORDER BY d.popularity DESC, d.key DESC LIMIT head) h
				WHERE h.search_vector @@ indexed
					AND (checked IS NULL OR h.search_vector @@ checked)
					AND (include_adult OR h.adult = 0)
				ORDER BY h.popularity DESC, h.key DESC LIMIT top_rows
			$$`.execute(db)
	},
}
