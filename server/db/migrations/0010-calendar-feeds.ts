import type { Migration } from './types.ts'

/** A signed-in user's private calendar feed: the SHA-256 of its secret URL token (one live link per user; a new one revokes the old). */
export const calendarFeeds: Migration = {
	async up(db) {
		await db.schema
			.createTable('calendar_feeds')
			.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
			.addColumn('token_hash', 'text', (c) => c.notNull().unique())
			.addColumn('created_at', 'bigint', (c) => c.notNull())
			.execute()
	},
}
