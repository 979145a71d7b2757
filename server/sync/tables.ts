// Tables of synced account data: bookmarks, watch history, settings and their revisions (see migration 0003).

export interface UserBookmarksTable {
	user_id: string
	media_id: number
	category: string
	/** addedAt of a bookmark, deletedAt of a tombstone (epoch ms). */
	changed_at: number
	/** 1 = tombstone. */
	deleted: number
	/** JSON object of display fields. */
	data: string
}

export interface UserWatchItemsTable {
	user_id: string
	media_id: number
	updated_at: number
	/** JSON of the item without its episodes. */
	data: string
}

export interface UserWatchEpisodesTable {
	user_id: string
	media_id: number
	/** s{season}e{episode} */
	episode_key: string
	updated_at: number
	data: string
}

export interface UserSettingsTable {
	user_id: string
	updated_at: number
	data: string
}

export interface UserSyncStateTable {
	user_id: string
	bookmarks_rev: number
	history_rev: number
	settings_rev: number
}

export interface SyncTables {
	user_bookmarks: UserBookmarksTable
	user_watch_items: UserWatchItemsTable
	user_watch_episodes: UserWatchEpisodesTable
	user_settings: UserSettingsTable
	user_sync_state: UserSyncStateTable
}
