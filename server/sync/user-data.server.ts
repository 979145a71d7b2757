import type { DatabaseHandle } from '../db/db.server.ts'
import { readBookmarks } from './bookmarks.server.ts'
import { readSettings } from './settings.server.ts'
import { forgetSnapshots } from './snapshots.ts'
import { readWatchHistory } from './watch-history.server.ts'

// All of one user's stored data at once: the export ("Download my data") and the account's deletion.

/** Everything stored for one user (product.md: "Download my data"). */
export async function exportUserData(handle: DatabaseHandle, userId: string) {
	const { db } = handle
	const user = await db
		.selectFrom('users')
		.select(['id', 'username', 'email', 'name', 'is_donator', 'four_k_token', 'created_at', 'updated_at'])
		.where('id', '=', userId)
		.executeTakeFirst()
	const sessions = await db
		.selectFrom('sessions')
		.select(['created_at', 'expires_at', 'user_agent'])
		.where('user_id', '=', userId)
		.execute()
	const [bookmarks, watchHistory, settings] = await Promise.all([
		readBookmarks(db, userId),
		readWatchHistory(db, userId),
		readSettings(db, userId),
	])
	return {
		exportedAt: new Date().toISOString(),
		user: user && {
			id: user.id,
			username: user.username,
			email: user.email,
			name: user.name,
			isDonator: user.is_donator === 1,
			'4k_token': user.four_k_token,
			createdAt: new Date(user.created_at).toISOString(),
			updatedAt: new Date(user.updated_at).toISOString(),
		},
		sessions: sessions.map((s) => ({
			createdAt: new Date(s.created_at).toISOString(),
			expiresAt: new Date(s.expires_at).toISOString(),
			userAgent: s.user_agent,
		})),
		bookmarks: bookmarks.bookmarks,
		removedBookmarks: bookmarks.tombstones,
		watchHistory: watchHistory.items,
		settings,
	}
}

/** Removes every row of a user, in one transaction. */
export async function deleteUserData(handle: DatabaseHandle, userId: string) {
	forgetSnapshots(handle, userId)
	await handle.db.transaction().execute(async (trx) => {
		await trx.deleteFrom('user_watch_episodes').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_watch_items').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_bookmarks').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_sync_state').where('user_id', '=', userId).execute()
		await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
		await trx.deleteFrom('users').where('id', '=', userId).execute()
	})
}
