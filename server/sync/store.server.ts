import { sql, type Kysely, type Transaction } from 'kysely'
import { recordsToState, stateToRecords, type BookmarkRecord, type BookmarkState } from '#app/lib/sync/bookmarks.ts'
import { canonicalJson } from '#app/lib/sync/canonical.ts'
import { emptySettingsDocument, mergeSettings, SettingsDocumentSchema, type SettingsDocument } from '#app/lib/sync/settings.ts'
import { splitWatchItem } from '#app/lib/sync/watch-history.ts'
import type { WatchHistory, WatchHistoryItem } from '#app/lib/library/types.ts'
import type { DatabaseHandle, Dialect } from '../db/db.server.ts'
import type { Database } from '../db/schema.ts'

// The account copy of the library. Every write is a conditional upsert that
// keeps, per row, the record the shared merge (app/lib/sync) would keep, so
// concurrent syncs from several devices or processes need no locks and lose
// nothing: the database itself computes the merge row by row.


type Db = Kysely<Database> | Transaction<Database>

/** Byte-order text comparison on both dialects (SQLite's default; "C" collation on PostgreSQL). */
function byteOrder(dialect: Dialect) {
	return sql.raw(dialect === 'postgres' ? ' collate "C"' : '')
}


interface BulkColumn {
	name: string
	/** PostgreSQL type for jsonb_to_recordset. */
	pgType: 'integer' | 'bigint' | 'text'
}

/**
 * One statement that upserts many rows, passed as a single JSON parameter
 * (json_each on SQLite, jsonb_to_recordset on PostgreSQL): far cheaper than
 * thousands of bound parameters, and no chunking. `winWhen` is the merge rule
 * deciding whether the incoming row (excluded) replaces the stored one.
 * Table and column names are constants of this module, never user input.
 */
async function bulkUpsert(db: Db, dialect: Dialect, table: string, userId: string, columns: BulkColumn[], conflict: string[], rows: Array<Record<string, unknown>>, winWhen: ReturnType<typeof sql>): Promise<number> {
	if (rows.length === 0) return 0
	const names = columns.map((column) => column.name)
	const insertColumns = sql.raw(['user_id', ...names].join(', '))
	const updates = sql.raw(names.map((name) => `${name} = excluded.${name}`).join(', '))
	const conflictTarget = sql.raw(conflict.join(', '))
	const payload = JSON.stringify(rows.map((row) => names.map((name) => row[name])))
	if (dialect === 'sqlite') {
		const extracts = sql.raw(names.map((_, i) => `json_extract(value, '$[${i}]')`).join(', '))
		const result = await sql`insert into ${sql.raw(table)} (${insertColumns}) select ${userId}, ${extracts} from json_each(${payload}) where true on conflict (${conflictTarget}) do update set ${updates} where ${winWhen}`.execute(db)
		return Number(result.numAffectedRows ?? 0)
	}
		const extracts = sql.raw(columns.map((column, i) => `(value->>${i})::${column.pgType}`).join(', '))
	const result = await sql`insert into ${sql.raw(table)} (${insertColumns}) select ${userId}, ${extracts} from jsonb_array_elements(${payload}::jsonb) on conflict (${conflictTarget}) do update set ${updates} where ${winWhen}`.execute(db)
	return Number(result.numAffectedRows ?? 0)
}

export type SyncKind = 'bookmarks' | 'history' | 'settings'
const REV_COLUMN = { bookmarks: 'bookmarks_rev', history: 'history_rev', settings: 'settings_rev' } as const

export interface SyncRevisions {
	bookmarks: number
	history: number
	settings: number
}

export async function readRevisions(db: Db, userId: string): Promise<SyncRevisions> {
	const row = await db.selectFrom('user_sync_state').select(['bookmarks_rev', 'history_rev', 'settings_rev']).where('user_id', '=', userId).executeTakeFirst()
	return { bookmarks: row?.bookmarks_rev ?? 0, history: row?.history_rev ?? 0, settings: row?.settings_rev ?? 0 }
}

/**
 * Starts a user's sync: makes sure the revision row exists and locks it until
 * commit (an upsert takes the row lock on PostgreSQL; on SQLite the first
 * write takes the database's write lock), so one user's syncs apply one after
 * another and the revision answered matches the rows read with it.
 */
async function lockSyncState(trx: Db, userId: string): Promise<SyncRevisions> {
	const row = await trx
		.insertInto('user_sync_state')
		.values({ user_id: userId, bookmarks_rev: 0, history_rev: 0, settings_rev: 0 })
		.onConflict((oc) => oc.column('user_id').doUpdateSet({ user_id: userId }))
		.returning(['bookmarks_rev', 'history_rev', 'settings_rev'])
		.executeTakeFirstOrThrow()
	return { bookmarks: row.bookmarks_rev, history: row.history_rev, settings: row.settings_rev }
}

/** Raises one kind's revision; returns the new value. */
async function bumpRevision(trx: Db, userId: string, kind: SyncKind): Promise<number> {
	const column = REV_COLUMN[kind]
	const row = await trx
		.updateTable('user_sync_state')
		.set({ [column]: sql`${sql.ref(column)} + 1` })
		.where('user_id', '=', userId)
		.returning([column])
		.executeTakeFirstOrThrow()
	return Number((row as Record<string, unknown>)[column])
}

export interface BookmarkSyncResult extends BookmarkState {
	updatedAt: number
	/** The account's bookmark revision this state belongs to. */
	revision: number
}

export async function readBookmarks(db: Db, userId: string, knownRevision?: number): Promise<BookmarkSyncResult> {
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
	const revision = knownRevision ?? (await readRevisions(db, userId)).bookmarks
	return { ...recordsToState(records), updatedAt, revision }
}

/** Merges a device's bookmarks and tombstones into the account; returns the merged state. */
export async function syncBookmarks(handle: DatabaseHandle, userId: string, incoming: BookmarkState): Promise<BookmarkSyncResult> {
	const records = [...stateToRecords(incoming).values()]
	const collate = byteOrder(handle.dialect)
	return handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		const changed = await bulkUpsert(
			trx,
			handle.dialect,
			'user_bookmarks',
			userId,
			[
				{ name: 'media_id', pgType: 'integer' },
				{ name: 'category', pgType: 'text' },
				{ name: 'changed_at', pgType: 'bigint' },
				{ name: 'deleted', pgType: 'integer' },
				{ name: 'data', pgType: 'text' },
			],
			['user_id', 'media_id', 'category'],
			records.map((record) => ({ media_id: record.mediaId, category: record.category, changed_at: record.changedAt, deleted: record.deleted ? 1 : 0, data: record.data })),
			sql`excluded.changed_at > user_bookmarks.changed_at or (excluded.changed_at = user_bookmarks.changed_at and (excluded.deleted > user_bookmarks.deleted or (excluded.deleted = user_bookmarks.deleted and excluded.data${collate} > user_bookmarks.data${collate})))`,
		)
		const revision = changed > 0 ? await bumpRevision(trx, userId, 'bookmarks') : revisions.bookmarks
		return readBookmarks(trx, userId, revision)
	})
}

export interface WatchHistorySyncResult {
	items: WatchHistory
	updatedAt: number
	revision: number
}

export async function readWatchHistory(db: Db, userId: string, knownRevision?: number): Promise<WatchHistorySyncResult> {
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
	// Episodes exist only as rows, so no item carries an empty record: the shape the shared merge produces.
	const revision = knownRevision ?? (await readRevisions(db, userId)).history
	return { items, updatedAt, revision }
}

/** Merges a device's watch history into the account, per item and per episode. */
export async function syncWatchHistory(handle: DatabaseHandle, userId: string, incoming: WatchHistory): Promise<WatchHistorySyncResult> {
	const collate = byteOrder(handle.dialect)
	const itemRows: Array<Omit<Database['user_watch_items'], 'user_id'>> = []
	const episodeRows: Array<Omit<Database['user_watch_episodes'], 'user_id'>> = []
	for (const [key, item] of Object.entries(incoming)) {
		const mediaId = Number(key)
		const { fields, episodes } = splitWatchItem(item)
		itemRows.push({ media_id: mediaId, updated_at: fields.updatedAt, data: canonicalJson(fields) })
		for (const [episodeKey, episode] of Object.entries(episodes ?? {})) {
			episodeRows.push({ media_id: mediaId, episode_key: episodeKey, updated_at: episode.updatedAt, data: canonicalJson(episode) })
		}
	}
	const timeAndData: BulkColumn[] = [
		{ name: 'updated_at', pgType: 'bigint' },
		{ name: 'data', pgType: 'text' },
	]
	return handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		let changed = await bulkUpsert(
			trx,
			handle.dialect,
			'user_watch_items',
			userId,
			[{ name: 'media_id', pgType: 'integer' }, ...timeAndData],
			['user_id', 'media_id'],
			itemRows,
			sql`excluded.updated_at > user_watch_items.updated_at or (excluded.updated_at = user_watch_items.updated_at and excluded.data${collate} > user_watch_items.data${collate})`,
		)
		changed += await bulkUpsert(
			trx,
			handle.dialect,
			'user_watch_episodes',
			userId,
			[{ name: 'media_id', pgType: 'integer' }, { name: 'episode_key', pgType: 'text' }, ...timeAndData],
			['user_id', 'media_id', 'episode_key'],
			episodeRows,
			sql`excluded.updated_at > user_watch_episodes.updated_at or (excluded.updated_at = user_watch_episodes.updated_at and excluded.data${collate} > user_watch_episodes.data${collate})`,
		)
		const revision = changed > 0 ? await bumpRevision(trx, userId, 'history') : revisions.history
		return readWatchHistory(trx, userId, revision)
	})
}

export async function readSettings(db: Db, userId: string): Promise<SettingsDocument> {
	const row = await db.selectFrom('user_settings').select(['data']).where('user_id', '=', userId).executeTakeFirst()
	if (!row) return emptySettingsDocument()
	const parsed = SettingsDocumentSchema.safeParse(JSON.parse(row.data))
	return parsed.success ? (parsed.data as SettingsDocument) : emptySettingsDocument()
}

/** Per-field merge of settings, under the user's sync lock. */
export async function syncSettings(handle: DatabaseHandle, userId: string, incoming: SettingsDocument): Promise<{ settings: SettingsDocument; revision: number }> {
	return handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		const current = await readSettings(trx, userId)
		const merged = mergeSettings(current, incoming)
		const data = JSON.stringify(merged)
		if (data !== JSON.stringify(mergeSettings(current))) {
			await trx
				.insertInto('user_settings')
				.values({ user_id: userId, updated_at: Date.now(), data })
				.onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at: Date.now() }))
				.execute()
			return { settings: merged, revision: await bumpRevision(trx, userId, 'settings') }
		}
		return { settings: merged, revision: revisions.settings }
	})
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
		await trx.deleteFrom('user_sync_state').where('user_id', '=', userId).execute()
		await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
		await trx.deleteFrom('users').where('id', '=', userId).execute()
	})
}
