import type { Migration } from './types.ts'

/**
 * The media-folder index (MEDIA_DIR): one row per video file, found by name
 * matching and probed lazily; and the lease that lets exactly one process
 * across workers and app servers scan, watch and run background jobs.
 */
export const mediaLibrary: Migration = {
	async up(db) {
		await db.schema
			.createTable('media_files')
			// Stable id: a hash of the folder's position in MEDIA_DIR and the relative path.
			.addColumn('id', 'text', (c) => c.primaryKey())
			.addColumn('folder_index', 'integer', (c) => c.notNull())
			.addColumn('relative_path', 'text', (c) => c.notNull())
			.addColumn('size', 'bigint', (c) => c.notNull())
			.addColumn('mtime_ms', 'bigint', (c) => c.notNull())
			.addColumn('match_status', 'text', (c) => c.notNull())
			.addColumn('match_reason', 'text')
			.addColumn('media_type', 'text')
			.addColumn('tmdb_id', 'integer')
			.addColumn('season', 'integer')
			.addColumn('episode', 'integer')
			// JSON: the ffprobe summary once probed (duration, codecs, height, subtitle tracks).
			.addColumn('probe', 'text')
			// JSON: sidecar subtitle files found beside the video.
			.addColumn('subtitles', 'text', (c) => c.notNull().defaultTo('[]'))
			.addColumn('trickplay', 'text')
			.addColumn('seen_at', 'bigint', (c) => c.notNull())
			.execute()
		await db.schema.createIndex('media_files_title').on('media_files').columns(['tmdb_id', 'media_type', 'season', 'episode']).execute()
		await db.schema
			.createTable('media_leases')
			.addColumn('name', 'text', (c) => c.primaryKey())
			.addColumn('holder', 'text', (c) => c.notNull())
			.addColumn('expires_at', 'bigint', (c) => c.notNull())
			.execute()
	},
}
