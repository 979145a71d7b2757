import type { Migration } from './types.ts'

/**
 * Intro and credits markers of media-folder episodes: found by listening
 * (origin `auto`, redone when the season's files change) or set by the owner
 * (origin `manual`, kept across rescans and preferred). A row without start
 * and end says there is none (searched and not found, or cleared by hand).
 */
export const mediaMarkers: Migration = {
	async up(db, dialect) {
		const float = dialect === 'postgres' ? 'double precision' : 'real'
		await db.schema
			.createTable('media_markers')
			.addColumn('file_id', 'text', (c) => c.notNull())
			.addColumn('kind', 'text', (c) => c.notNull())
			.addColumn('origin', 'text', (c) => c.notNull())
			.addColumn('start_s', float)
			.addColumn('end_s', float)
			// Auto rows: the season's files (ids, sizes, times) they were found among.
			.addColumn('season_signature', 'text')
			.addColumn('updated_at', 'bigint', (c) => c.notNull())
			.addPrimaryKeyConstraint('media_markers_pk', ['file_id', 'kind', 'origin'])
			.execute()
	},
}
