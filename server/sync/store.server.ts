import { sql, type Kysely, type Transaction } from 'kysely'
import { recordsToState, stateToRecords, type BookmarkRecord, type BookmarkState } from '#app/lib/sync/bookmarks.ts'
import { canonicalJson } from '#app/lib/sync/canonical.ts'
import { emptySettingsDocument, mergeSettings, SettingsDocumentSchema, type SettingsDocument } from '#app/lib/sync/settings.ts'
import { mergeWatchItems, splitWatchItem } from '#app/lib/sync/watch-history.ts'
import type { WatchHistory, WatchHistoryItem } from '#app/lib/library/types.ts'
import type { DatabaseHandle, Dialect } from '../db/db.server.ts'
import type { Database } from '../db/schema.ts'

// The account copy of the library. Every write is a conditional upsert that
// keeps, per row, the record the shared merge (app/lib/sync) would keep, so
// concurrent syncs from several devices or processes need no locks and lose
// nothing: the database itself computes the merge row by row.

const CHUNK = 400

type Db = Kysely<Database> | Transaction<Database>

/** Byte-order text comparison on both dialects (SQLite's default; "C" collation on PostgreSQL). */
function byteOrder(dialect: Dialect) {
	return sql.raw(dialect === 'postgres' ? ' collate "C"' : '')
}

function chunks<T>(items: T[], size = CHUNK): T[][] {
	const out: T[][] = []
	for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
	return out
}

export interface BookmarkSyncResult extends BookmarkState {
	updatedAt: number
}

export async function readBookmarks(db: Db, userId: string): Promise<BookmarkSyncResult> {
	const rows = await db
		.selectFrom('user_bookmarks')
		.select(['media_id', 'category', 'changed_at', 'deleted', 'data'])
		.where('user_id', '=', userId)
		.execute()
	let updatedAt = 0
	const records: BookmarkRecord[] = rows.map((row) => {
		updatedAt = Math.max(updatedAt, row.changed_at)
		return { mediaId: row.media_id, category: row.category, changedAt: row.changed_at, deleted: row.deleted === 1, data: row.data }
	})
	return { ...recordsToState(records), updatedAt }
}

/** Merges a device's bookmarks and tombstones into the account; returns the merged state. */
export async function syncBookmarks(handle: DatabaseHandle, userId: string, incoming: BookmarkState): Promise<BookmarkSyncResult> {
	const records = [...stateToRecords(incoming).values()]
	const collate = byteOrder(handle.dialect)
	return handle.db.transaction().execute(async (trx) => {
		for (const chunk of chunks(records)) {
			await trx
				.insertInto('user_bookmarks')
				.values(
					chunk.map((record) => ({
						user_id: userId,
						media_id: record.mediaId,
						category: record.category,
						changed_at: record.changedAt,
						deleted: record.deleted ? 1 : 0,
						data: record.data,
					})),
				)
				.onConflict((oc) =>
					oc
						.columns(['user_id', 'media_id', 'category'])
						.doUpdateSet({
							changed_at: sql<number>`excluded.changed_at`,
							deleted: sql<number>`excluded.deleted`,
							data: sql<string>`excluded.data`,
						})
						.where(
							sql<boolean>`excluded.changed_at > user_bookmarks.changed_at or (excluded.changed_at = user_bookmarks.changed_at and (excluded.deleted > user_bookmarks.deleted or (excluded.deleted = user_bookmarks.deleted and excluded.data${collate} > user_bookmarks.data${collate})))`,
						),
				)
				.execute()
		}
		return readBookmarks(trx, userId)
	})
}

export interface WatchHistorySyncResult {
	items: WatchHistory
	updatedAt: number
}

export async function readWatchHistory(db: Db, userId: string): Promise<WatchHistorySyncResult> {
	const [itemRows, episodeRows] = await Promise.all([
		db.selectFrom('user_watch_items').select(['media_id', 'data', 'updated_at']).where('user_id', '=', userId).execute(),
		db.selectFrom('user_watch_episodes').select(['media_id', 'episode_key', 'data', 'updated_at']).where('user_id', '=', userId).execute(),
	])
	const items: WatchHistory = {}
	let updatedAt = 0
	for (const row of itemRows) {
		items[String(row.media_id)] = JSON.parse(row.data) as WatchHistoryItem
		updatedAt = Math.max(updatedAt, row.updated_at)
	}
	for (const row of episodeRows) {
		const item = items[String(row.media_id)]
		if (!item) continue
		item.episodes ??= {}
		item.episodes[row.episode_key] = JSON.parse(row.data) as NonNullable<WatchHistoryItem['episodes']>[string]
		updatedAt = Math.max(updatedAt, row.updated_at)
	}
	// Same shape the shared merge produces (sorted keys, no empty episode records).
	const normalised: WatchHistory = {}
	for (const key of Object.keys(items).sort()) normalised[key] = mergeWatchItems(items[key]!, items[key]!)
	return { items: normalised, updatedAt }
}

/** Merges a device's watch history into the account, per item and per episode. */
export async function syncWatchHistory(handle: DatabaseHandle, userId: string, incoming: WatchHistory): Promise<WatchHistorySyncResult> {
	const collate = byteOrder(handle.dialect)
	const itemRows: Database['user_watch_items'][] = []
	const episodeRows: Database['user_watch_episodes'][] = []
	for (const [key, item] of Object.entries(incoming)) {
		const mediaId = Number(key)
		const { fields, episodes } = splitWatchItem(item)
		itemRows.push({ user_id: userId, media_id: mediaId, updated_at: fields.updatedAt, data: canonicalJson(fields) })
		for (const [episodeKey, episode] of Object.entries(episodes ?? {})) {
			episodeRows.push({ user_id: userId, media_id: mediaId, episode_key: episodeKey, updated_at: episode.updatedAt, data: canonicalJson(episode) })
		}
	}
	return handle.db.transaction().execute(async (trx) => {
		for (const chunk of chunks(itemRows)) {
			await trx
				.insertInto('user_watch_items')
				.values(chunk)
				.onConflict((oc) =>
					oc
						.columns(['user_id', 'media_id'])
						.doUpdateSet({ updated_at: sql<number>`excluded.updated_at`, data: sql<string>`excluded.data` })
						.where(
							sql<boolean>`excluded.updated_at > user_watch_items.updated_at or (excluded.updated_at = user_watch_items.updated_at and excluded.data${collate} > user_watch_items.data${collate})`,
						),
				)
				.execute()
		}
		for (const chunk of chunks(episodeRows)) {
			await trx
				.insertInto('user_watch_episodes')
				.values(chunk)
				.onConflict((oc) =>
					oc
						.columns(['user_id', 'media_id', 'episode_key'])
						.doUpdateSet({ updated_at: sql<number>`excluded.updated_at`, data: sql<string>`excluded.data` })
						.where(
							sql<boolean>`excluded.updated_at > user_watch_episodes.updated_at or (excluded.updated_at = user_watch_episodes.updated_at and excluded.data${collate} > user_watch_episodes.data${collate})`,
						),
				)
				.execute()
		}
		return readWatchHistory(trx, userId)
	})
}

export async function readSettings(db: Db, userId: string): Promise<SettingsDocument> {
	const row = await db.selectFrom('user_settings').select(['data']).where('user_id', '=', userId).executeTakeFirst()
	if (!row) return emptySettingsDocument()
	const parsed = SettingsDocumentSchema.safeParse(JSON.parse(row.data))
	return parsed.success ? (parsed.data as SettingsDocument) : emptySettingsDocument()
}

/**
 * Per-field merge of settings. The row is one JSON document, so this is a
 * compare-and-swap on a version (updated_at) with retries: concurrent writers
 * never overwrite each other's fields.
 */
export async function syncSettings(handle: DatabaseHandle, userId: string, incoming: SettingsDocument): Promise<SettingsDocument> {
	const { db } = handle
	for (let attempt = 0; attempt < 20; attempt++) {
		const row = await db.selectFrom('user_settings').select(['data', 'updated_at']).where('user_id', '=', userId).executeTakeFirst()
		if (!row) {
			const merged = mergeSettings(incoming)
			const inserted = await db
				.insertInto('user_settings')
				.values({ user_id: userId, updated_at: 1, data: JSON.stringify(merged) })
				.onConflict((oc) => oc.column('user_id').doNothing())
				.executeTakeFirst()
			if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return merged
			continue
		}
		const parsed = SettingsDocumentSchema.safeParse(JSON.parse(row.data))
		const current = parsed.success ? (parsed.data as SettingsDocument) : emptySettingsDocument()
		const merged = mergeSettings(current, incoming)
		const updated = await db
			.updateTable('user_settings')
			.set({ data: JSON.stringify(merged), updated_at: row.updated_at + 1 })
			.where('user_id', '=', userId)
			.where('updated_at', '=', row.updated_at)
			.executeTakeFirst()
		if (Number(updated.numUpdatedRows) === 1) return merged
	}
	throw new Error('settings sync did not settle after 20 attempts')
}

/** Everything stored for one user (spec: "Download my data"). */
export async function exportUserData(handle: DatabaseHandle, userId: string) {
	const { db } = handle
	const user = await db
		.selectFrom('users')
		.select(['id', 'username', 'email', 'name', 'is_donator', 'four_k_token', 'created_at', 'updated_at'])
		.where('id', '=', userId)
		.executeTakeFirst()
	const sessions = await db.selectFrom('sessions').select(['created_at', 'expires_at', 'user_agent']).where('user_id', '=', userId).execute()
	const [bookmarks, watchHistory, settings] = await Promise.all([readBookmarks(db, userId), readWatchHistory(db, userId), readSettings(db, userId)])
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
		sessions: sessions.map((s) => ({ createdAt: new Date(s.created_at).toISOString(), expiresAt: new Date(s.expires_at).toISOString(), userAgent: s.user_agent })),
		bookmarks: bookmarks.bookmarks,
		removedBookmarks: bookmarks.tombstones,
		watchHistory: watchHistory.items,
		settings,
	}
}

/** Removes every row of a user, in one transaction. */
export async function deleteUserData(handle: DatabaseHandle, userId: string) {
	await handle.db.transaction().execute(async (trx) => {
		await trx.deleteFrom('user_watch_episodes').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_watch_items').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_bookmarks').where('user_id', '=', userId).execute()
		await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute()
		await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
		await trx.deleteFrom('users').where('id', '=', userId).execute()
	})
}
