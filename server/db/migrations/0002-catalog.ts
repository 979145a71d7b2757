import { sql } from 'kysely'
import type { Migration } from './types.ts'

/**
 * Catalogue tables. Full-text search is the one dialect-specific part:
 * SQLite gets an FTS5 index kept in step by triggers; PostgreSQL gets a generated tsvector column with a GIN
 * index, and a pg_trgm index when the extension can be created.
 */
export const catalog: Migration = {
	async up(db, dialect) {
		const float = dialect === 'postgres' ? 'double precision' : 'real'

		await db.schema
			.createTable('catalog_titles')
			.addColumn('key', 'integer', (c) => c.primaryKey())
			.addColumn('media_type', 'text', (c) => c.notNull())
			.addColumn('id', 'integer', (c) => c.notNull())
			.addColumn('title', 'text', (c) => c.notNull())
			.addColumn('original_title', 'text')
			.addColumn('original_language', 'text')
			.addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
			.addColumn('tagline', 'text')
			.addColumn('status', 'text')
			.addColumn('release_date', 'text')
			.addColumn('last_air_date', 'text')
			.addColumn('next_air_date', 'text')
			.addColumn('runtime', 'integer')
			.addColumn('popularity', float, (c) => c.notNull().defaultTo(0))
			.addColumn('vote_average', float, (c) => c.notNull().defaultTo(0))
			.addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('poster_path', 'text')
			.addColumn('backdrop_path', 'text')
			.addColumn('logo_path', 'text')
			.addColumn('imdb_id', 'text')
			.addColumn('genre_ids', 'text', (c) => c.notNull().defaultTo('[]'))
			.addColumn('adult', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
			.addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
			.addColumn('updated_at', 'bigint', (c) => c.notNull())
			.execute()
		await db.schema.createIndex('catalog_titles_popularity_idx').on('catalog_titles').columns(['media_type', 'popularity', 'key']).execute()
		// Search ranks its candidates by popularity across both media types.
		await db.schema.createIndex('catalog_titles_popularity_all_idx').on('catalog_titles').columns(['popularity', 'key']).execute()
		await db.schema.createIndex('catalog_titles_release_idx').on('catalog_titles').columns(['media_type', 'release_date']).execute()
		await db.schema.createIndex('catalog_titles_next_air_idx').on('catalog_titles').columns(['media_type', 'next_air_date']).execute()
		await db.schema.createIndex('catalog_titles_vote_idx').on('catalog_titles').columns(['media_type', 'vote_average']).execute()

		await db.schema
			.createTable('catalog_title_genres')
			.addColumn('title_key', 'integer', (c) => c.notNull().references('catalog_titles.key').onDelete('cascade'))
			.addColumn('media_type', 'text', (c) => c.notNull())
			.addColumn('genre_id', 'integer', (c) => c.notNull())
			.addColumn('popularity', float, (c) => c.notNull().defaultTo(0))
			.addPrimaryKeyConstraint('catalog_title_genres_pk', ['title_key', 'genre_id'])
			.execute()
		await db.schema
			.createIndex('catalog_title_genres_list_idx')
			.on('catalog_title_genres')
			.columns(['media_type', 'genre_id', 'popularity', 'title_key'])
			.execute()

		await db.schema
			.createTable('catalog_title_providers')
			.addColumn('title_key', 'integer', (c) => c.notNull().references('catalog_titles.key').onDelete('cascade'))
			.addColumn('media_type', 'text', (c) => c.notNull())
			.addColumn('region', 'text', (c) => c.notNull())
			.addColumn('provider_id', 'integer', (c) => c.notNull())
			.addColumn('popularity', float, (c) => c.notNull().defaultTo(0))
			.addPrimaryKeyConstraint('catalog_title_providers_pk', ['title_key', 'region', 'provider_id'])
			.execute()
		await db.schema
			.createIndex('catalog_title_providers_list_idx')
			.on('catalog_title_providers')
			.columns(['media_type', 'region', 'provider_id', 'popularity', 'title_key'])
			.execute()

		await db.schema
			.createTable('catalog_seasons')
			.addColumn('show_id', 'integer', (c) => c.notNull())
			.addColumn('season_number', 'integer', (c) => c.notNull())
			.addColumn('id', 'bigint', (c) => c.notNull())
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
			.addColumn('poster_path', 'text')
			.addColumn('air_date', 'text')
			.addColumn('episode_count', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('vote_average', float, (c) => c.notNull().defaultTo(0))
			.addPrimaryKeyConstraint('catalog_seasons_pk', ['show_id', 'season_number'])
			.execute()

		await db.schema
			.createTable('catalog_episodes')
			.addColumn('show_id', 'integer', (c) => c.notNull())
			.addColumn('season_number', 'integer', (c) => c.notNull())
			.addColumn('episode_number', 'integer', (c) => c.notNull())
			.addColumn('id', 'bigint', (c) => c.notNull())
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('overview', 'text', (c) => c.notNull().defaultTo(''))
			.addColumn('air_date', 'text')
			.addColumn('runtime', 'integer')
			.addColumn('still_path', 'text')
			.addColumn('vote_average', float, (c) => c.notNull().defaultTo(0))
			.addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('crew', 'text', (c) => c.notNull().defaultTo('[]'))
			.addColumn('guest_stars', 'text', (c) => c.notNull().defaultTo('[]'))
			.addColumn('imdb_id', 'text')
			.addPrimaryKeyConstraint('catalog_episodes_pk', ['show_id', 'season_number', 'episode_number'])
			.execute()
		await db.schema.createIndex('catalog_episodes_air_idx').on('catalog_episodes').columns(['air_date']).execute()

		await db.schema
			.createTable('catalog_people')
			.addColumn('id', 'bigint', (c) => c.primaryKey())
			.addColumn('name', 'text', (c) => c.notNull())
			.addColumn('profile_path', 'text')
			.addColumn('known_for_department', 'text')
			.addColumn('popularity', float, (c) => c.notNull().defaultTo(0))
			.execute()

		await db.schema
			.createTable('catalog_credits')
			.addColumn('title_key', 'integer', (c) => c.notNull().references('catalog_titles.key').onDelete('cascade'))
			.addColumn('kind', 'text', (c) => c.notNull())
			.addColumn('credit_order', 'integer', (c) => c.notNull())
			.addColumn('person_id', 'bigint', (c) => c.notNull())
			.addColumn('character', 'text')
			.addColumn('job', 'text')
			.addColumn('department', 'text')
			.addPrimaryKeyConstraint('catalog_credits_pk', ['title_key', 'kind', 'credit_order'])
			.execute()

		await db.schema
			.createTable('catalog_images')
			.addColumn('owner', 'text', (c) => c.notNull())
			.addColumn('kind', 'text', (c) => c.notNull())
			.addColumn('ord', 'integer', (c) => c.notNull())
			.addColumn('file_path', 'text', (c) => c.notNull())
			.addColumn('width', 'integer', (c) => c.notNull())
			.addColumn('height', 'integer', (c) => c.notNull())
			.addColumn('iso_639_1', 'text')
			.addColumn('vote_average', float, (c) => c.notNull().defaultTo(0))
			.addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
			.addPrimaryKeyConstraint('catalog_images_pk', ['owner', 'kind', 'ord'])
			.execute()

		await db.schema
			.createTable('catalog_meta')
			.addColumn('key', 'text', (c) => c.primaryKey())
			.addColumn('value', 'text', (c) => c.notNull())
			.execute()

		// Every indexed word once: typo candidates (words one edit away) are looked up in it.
		await db.schema
			.createTable('catalog_search_terms')
			.addColumn('term', 'text', (c) => c.primaryKey())
			.execute()

		if (dialect === 'sqlite') {
			// Prefix indexes for 2 and 3 letters keep "as you type" queries (th*, sta*) cheap.
			await sql`CREATE VIRTUAL TABLE catalog_search USING fts5(search_text, content='catalog_titles', content_rowid='key', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(
				db,
			)
			await sql`CREATE TRIGGER catalog_titles_ai AFTER INSERT ON catalog_titles BEGIN
				INSERT INTO catalog_search(rowid, search_text) VALUES (new.key, new.search_text);
			END`.execute(db)
			await sql`CREATE TRIGGER catalog_titles_ad AFTER DELETE ON catalog_titles BEGIN
				INSERT INTO catalog_search(catalog_search, rowid, search_text) VALUES ('delete', old.key, old.search_text);
			END`.execute(db)
			await sql`CREATE TRIGGER catalog_titles_au AFTER UPDATE OF search_text ON catalog_titles BEGIN
				INSERT INTO catalog_search(catalog_search, rowid, search_text) VALUES ('delete', old.key, old.search_text);
				INSERT INTO catalog_search(rowid, search_text) VALUES (new.key, new.search_text);
			END`.execute(db)
			return
		}

		await sql`ALTER TABLE catalog_titles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED`.execute(
			db,
		)
		await sql`CREATE INDEX catalog_titles_search_idx ON catalog_titles USING gin (search_vector)`.execute(db)
		// pg_trgm is a trusted extension on PostgreSQL 13+, but a locked-down server may refuse it:
		// search then works without typo tolerance instead of failing the migration.
		await sql`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm unavailable: %', SQLERRM; END $$`.execute(
			db,
		)
		const trgm = await sql<{ present: number }>`SELECT count(*)::int AS present FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db)
		if (trgm.rows[0]?.present) {
			await sql`CREATE INDEX catalog_titles_search_trgm_idx ON catalog_titles USING gin (search_text gin_trgm_ops)`.execute(db)
		}
	},
}
