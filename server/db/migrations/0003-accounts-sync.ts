import type { Migration } from './types.ts'

/**
 * Account data: synced bookmarks (tombstones are rows with deleted = 1), watch
 * history (item rows plus one row per episode, so each merges on its own
 * updatedAt), settings, and login throttle counters shared by every process.
 */
export const accountsSync: Migration = {
	async up(db) {
		await db.schema
			.createTable('user_bookmarks')
			.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
			.addColumn('media_id', 'integer', (c) => c.notNull())
			.addColumn('category', 'text', (c) => c.notNull())
			// addedAt for a bookmark, deletedAt for a tombstone: the merge keeps the larger.
			.addColumn('changed_at', 'bigint', (c) => c.notNull())
			.addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
			// Display fields cached for offline pages (JSON object).
			.addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
			.addPrimaryKeyConstraint('user_bookmarks_pk', ['user_id', 'media_id', 'category'])
			.execute()

		await db.schema
			.createTable('user_watch_items')
			.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
			.addColumn('media_id', 'integer', (c) => c.notNull())
			.addColumn('updated_at', 'bigint', (c) => c.notNull())
			// Item fields except episodes (JSON object).
			.addColumn('data', 'text', (c) => c.notNull())
			.addPrimaryKeyConstraint('user_watch_items_pk', ['user_id', 'media_id'])
			.execute()

		await db.schema
			.createTable('user_watch_episodes')
			.addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
			.addColumn('media_id', 'integer', (c) => c.notNull())
			.addColumn('episode_key', 'text', (c) => c.notNull())
			.addColumn('updated_at', 'bigint', (c) => c.notNull())
			.addColumn('data', 'text', (c) => c.notNull())
			.addPrimaryKeyConstraint('user_watch_episodes_pk', ['user_id', 'media_id', 'episode_key'])
			.execute()

		await db.schema
			.createTable('user_settings')
			.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
			.addColumn('updated_at', 'bigint', (c) => c.notNull())
			.addColumn('data', 'text', (c) => c.notNull())
			.execute()

		// Per user and kind, a counter raised by every sync that changed something:
		// open devices poll it (a tiny GET) to learn that another device wrote.
		await db.schema
			.createTable('user_sync_state')
			.addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
			.addColumn('bookmarks_rev', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('history_rev', 'integer', (c) => c.notNull().defaultTo(0))
			.addColumn('settings_rev', 'integer', (c) => c.notNull().defaultTo(0))
			.execute()

		await db.schema
			.createTable('auth_throttle')
			.addColumn('key', 'text', (c) => c.primaryKey())
			.addColumn('failures', 'integer', (c) => c.notNull())
			.addColumn('window_started_at', 'bigint', (c) => c.notNull())
			.addColumn('blocked_until', 'bigint', (c) => c.notNull().defaultTo(0))
			.execute()
	},
}
