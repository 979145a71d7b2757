import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import { bookmarkKey, bookmarkToRecord, compareBookmarkRecords, recordsToState, tombstoneToRecord, type BookmarkRecord, type BookmarkState } from '#app/lib/sync/bookmarks.ts'
import { canonicalJson, compareText } from '#app/lib/sync/canonical.ts'
import { emptySettingsDocument, mergeSettings, SettingsDocumentSchema, type SettingsDocument } from '#app/lib/sync/settings.ts'
import { splitWatchItem } from '#app/lib/sync/watch-history.ts'
import type { EpisodeProgress, WatchHistory, WatchHistoryItem } from '#app/lib/library/types.ts'
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
 * (json_each on SQLite, jsonb_array_elements on PostgreSQL): far cheaper than
 * thousands of bound parameters, and no chunking. `winWhen` is the merge rule
 * deciding whether the incoming row (excluded) replaces the stored one.
 * Table and column names are constants of this module, never user input.
 * Returns the statement, or undefined when there is nothing to write.
 */
function bulkUpsert(dialect: Dialect, table: string, userId: string, columns: BulkColumn[], conflict: string[], rows: Array<Record<string, unknown>>, winWhen: RawBuilder<unknown>): RawBuilder<unknown> | undefined {
	if (rows.length === 0) return undefined
	const names = columns.map((column) => column.name)
	const insertColumns = sql.raw(['user_id', ...names].join(', '))
	const updates = sql.raw(names.map((name) => `${name} = excluded.${name}`).join(', '))
	const conflictTarget = sql.raw(conflict.join(', '))
	const payload = JSON.stringify(rows.map((row) => names.map((name) => row[name])))
	if (dialect === 'sqlite') {
		const extracts = sql.raw(names.map((_, i) => `json_extract(value, '$[${i}]')`).join(', '))
		return sql`insert into ${sql.raw(table)} (${insertColumns}) select ${userId}, ${extracts} from json_each(${payload}) where true on conflict (${conflictTarget}) do update set ${updates} where ${winWhen}`
	}
	const extracts = sql.raw(columns.map((column, i) => `(value->>${i})::${column.pgType}`).join(', '))
	return sql`insert into ${sql.raw(table)} (${insertColumns}) select ${userId}, ${extracts} from jsonb_array_elements(${payload}::jsonb) on conflict (${conflictTarget}) do update set ${updates} where ${winWhen}`
}

/**
 * Runs a sync's upserts and raises the kind's revision; returns the new
 * revision. On PostgreSQL it is one round trip: the upserts become
 * data-modifying CTEs (which always run to completion) of the revision update.
 */
async function writeAndBump(trx: Db, dialect: Dialect, userId: string, kind: SyncKind, statements: Array<RawBuilder<unknown> | undefined>): Promise<number> {
	const writes = statements.filter((statement) => statement !== undefined)
	if (dialect === 'postgres' && writes.length > 0) {
		const column = sql.ref(REV_COLUMN[kind])
		const ctes = sql.join(writes.map((statement, i) => sql`${sql.raw(`write_${i}`)} as (${statement})`))
		const result = await sql<{ revision: number | string }>`with ${ctes} update user_sync_state set ${column} = ${column} + 1 where user_id = ${userId} returning ${column} as revision`.execute(trx)
		return Number(result.rows[0]!.revision)
	}
	for (const statement of writes) await statement.execute(trx)
	return bumpRevision(trx, userId, kind)
}

export type SyncKind = 'bookmarks' | 'history' | 'settings'
const REV_COLUMN = { bookmarks: 'bookmarks_rev', history: 'history_rev', settings: 'settings_rev' } as const

/**
 * The stored rows of recently synced users, per database and kind, tagged
 * with the revision they are the state of. Every change to these rows raises
 * the revision in the same transaction (writeAndBump), so under the user's
 * sync lock a snapshot whose revision equals the locked one is exactly what
 * the tables hold, and the sync skips reading them again (for 1,000
 * bookmarks, the largest part of the server's own work). Any other revision
 * (another process or machine wrote) means a fresh read. A sync takes the snapshot out while it runs and puts
 * the new one back only after commit, so a rolled-back sync leaves none.
 */
const snapshots = new WeakMap<DatabaseHandle, { entries: Map<string, { revision: number; size: number; rows: unknown }>; rows: number }>()
/** About 50 MB of rows at most, whatever the number of users. */
const SNAPSHOT_ROWS = 200_000

function snapshotsOf(handle: DatabaseHandle) {
	let cache = snapshots.get(handle)
	if (!cache) snapshots.set(handle, (cache = { entries: new Map(), rows: 0 }))
	return cache
}

function takeSnapshot<T>(handle: DatabaseHandle, kind: SyncKind, userId: string, revision: number): T | undefined {
	const cache = snapshotsOf(handle)
	const key = `${kind}:${userId}`
	const entry = cache.entries.get(key)
	if (!entry) return undefined
	cache.entries.delete(key)
	cache.rows -= entry.size
	return entry.revision === revision ? (entry.rows as T) : undefined
}

function keepSnapshot(handle: DatabaseHandle, kind: SyncKind, userId: string, revision: number, rows: unknown, size: number) {
	const cache = snapshotsOf(handle)
	takeSnapshot(handle, kind, userId, Number.NaN)
	if (size > SNAPSHOT_ROWS / 10) return
	cache.entries.set(`${kind}:${userId}`, { revision, size, rows })
	cache.rows += size
	// The least recently synced users go first.
	for (const [oldest, entry] of cache.entries) {
		if (cache.rows <= SNAPSHOT_ROWS) break
		cache.entries.delete(oldest)
		cache.rows -= entry.size
	}
}

function forgetSnapshots(handle: DatabaseHandle, userId: string) {
	for (const kind of ['bookmarks', 'history'] as const) takeSnapshot(handle, kind, userId, Number.NaN)
}

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
	/** The latest change in the account (also when only changes are answered). */
	updatedAt: number
	/** The account's bookmark revision this state belongs to. */
	revision: number
	/** Set when the answer holds only what the device lacks (SyncOptions). */
	changesOnly?: true
}

/** A stored row, with its data parsed once it was needed (snapshots keep it). */
type StoredBookmark = BookmarkRecord & { parsed?: unknown }

/** The stored bookmark and tombstone rows of a user, by bookmarkKey. */
async function readBookmarkRecords(db: Db, userId: string): Promise<Map<string, StoredBookmark>> {
	const rows = await db
		.selectFrom('user_bookmarks')
		.select(['media_id', 'category', 'changed_at', 'deleted', 'data'])
		.where('user_id', '=', userId)
		.execute()
	const records = new Map<string, StoredBookmark>()
	for (const row of rows) {
		const record: StoredBookmark = { mediaId: row.media_id, category: row.category, changedAt: Number(row.changed_at), deleted: row.deleted === 1, data: row.data }
		records.set(bookmarkKey(record), record)
	}
	return records
}

function bookmarkResult(records: Map<string, BookmarkRecord>, revision: number): BookmarkSyncResult {
	return { ...recordsToState(records.values()), updatedAt: latestChange(records.values()), revision }
}

export async function readBookmarks(db: Db, userId: string, knownRevision?: number): Promise<BookmarkSyncResult> {
	const records = await readBookmarkRecords(db, userId)
	const revision = knownRevision ?? (await readRevisions(db, userId)).bookmarks
	return bookmarkResult(records, revision)
}

/**
 * Whether a value equals the parsed canonical JSON stored for it (absent and
 * undefined fields alike), i.e. whether their canonical JSON is the same. An
 * unchanged record is the common case at equal times, and this check costs a
 * fraction of building its canonical JSON.
 */
function sameAsStored(value: unknown, stored: unknown, skip?: ReadonlySet<string>): boolean {
	if (value === stored) return true
	if (value === null || stored === null || typeof value !== 'object' || typeof stored !== 'object') return false
	if (Array.isArray(value) !== Array.isArray(stored)) return false
	const record = value as Record<string, unknown>
	const storedRecord = stored as Record<string, unknown>
	// for…in allocates nothing (both sides are plain JSON objects); this runs for every record sent.
	let count = 0
	for (const key in record) {
		const field = record[key]
		if (field === undefined || skip?.has(key)) continue
		if (!Object.hasOwn(storedRecord, key) || !sameAsStored(field, storedRecord[key])) return false
		count += 1
	}
	for (const key in storedRecord) if (Object.hasOwn(storedRecord, key)) count -= 1
	return count === 0
}

/** A bookmark's identity and time: the rest (its display fields) is the stored data. */
const BOOKMARK_IDENTITY = new Set(['mediaId', 'category', 'addedAt'])

function parseStored(data: string): unknown {
	try {
		return JSON.parse(data)
	} catch {
		return undefined
	}
}

/** The parsed data of a stored row, parsed at most once. */
function parsedData(row: { data: string; parsed?: unknown }): unknown {
	if (row.parsed === undefined) row.parsed = parseStored(row.data)
	return row.parsed
}

const BOOKMARK_COLUMNS: BulkColumn[] = [
	{ name: 'media_id', pgType: 'integer' },
	{ name: 'category', pgType: 'text' },
	{ name: 'changed_at', pgType: 'bigint' },
	{ name: 'deleted', pgType: 'integer' },
	{ name: 'data', pgType: 'text' },
]

export interface SyncOptions {
	/**
	 * Answer only what the device lacks: the records of the merged state it
	 * did not send exactly as they are (a device sends its whole library, so
	 * that is what the account holds beyond it). Merging that answer into the
	 * device gives the same library as merging the whole state; a library of
	 * which nothing changed elsewhere gets an empty answer instead of itself.
	 */
	changesOnly?: boolean
}

/**
 * Merges a device's bookmarks and tombstones into the account; returns the
 * merged state (or, with changesOnly, the part of it the device lacks).
 *
 * Under the user's sync lock the stored rows cannot change before commit, so
 * the merge runs here with the shared rule against one read of them, and
 * only the records that win are written: a device usually sends its whole
 * library of which little changed, and rewriting (or, on PostgreSQL, even
 * locking) every unchanged row dominated the cost. The upsert keeps the
 * merge rule as its condition all the same.
 */
export async function syncBookmarks(handle: DatabaseHandle, userId: string, incoming: BookmarkState, options: SyncOptions = {}): Promise<BookmarkSyncResult> {
	const collate = byteOrder(handle.dialect)
	let after: { revision: number; stored: Map<string, StoredBookmark> } | undefined
	const answer = await handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		const stored = takeSnapshot<Map<string, StoredBookmark>>(handle, 'bookmarks', userId, revisions.bookmarks) ?? (await readBookmarkRecords(trx, userId))
		const winners = new Map<string, BookmarkRecord>()
		// Keys whose stored record the device sent back unchanged: it holds them.
		const held = new Set<string>()
		for (const bookmark of incoming.bookmarks) {
			const key = bookmarkKey(bookmark)
			const current = winners.get(key) ?? stored.get(key)
			// An older change, or a removal at the same time, wins without comparing contents (no canonical JSON to build).
			if (current && (current.changedAt > bookmark.addedAt || (current.changedAt === bookmark.addedAt && current.deleted))) continue
			if (current && current.changedAt === bookmark.addedAt) {
				// The same record again: nothing to write.
				if (sameAsStored(bookmark, parsedData(current), BOOKMARK_IDENTITY)) {
					held.add(key)
					continue
				}
			}
			const record = bookmarkToRecord(bookmark)
			const order = current ? compareBookmarkRecords(record, current) : 1
			if (order > 0) winners.set(key, record)
			else if (order === 0) held.add(key)
		}
		for (const tombstone of incoming.tombstones) {
			const key = bookmarkKey(tombstone)
			const current = winners.get(key) ?? stored.get(key)
			const record = tombstoneToRecord(tombstone)
			const order = current ? compareBookmarkRecords(record, current) : 1
			if (order > 0) winners.set(key, record)
			else if (order === 0) held.add(key)
		}
		let revision = revisions.bookmarks
		if (winners.size > 0) {
			const upsert = bulkUpsert(
				handle.dialect,
				'user_bookmarks',
				userId,
				BOOKMARK_COLUMNS,
				['user_id', 'media_id', 'category'],
				[...winners.values()].map((record) => ({ media_id: record.mediaId, category: record.category, changed_at: record.changedAt, deleted: record.deleted ? 1 : 0, data: record.data })),
				sql`excluded.changed_at > user_bookmarks.changed_at or (excluded.changed_at = user_bookmarks.changed_at and (excluded.deleted > user_bookmarks.deleted or (excluded.deleted = user_bookmarks.deleted and excluded.data${collate} > user_bookmarks.data${collate})))`,
			)
			revision = await writeAndBump(trx, handle.dialect, userId, 'bookmarks', [upsert])
			for (const [key, record] of winners) stored.set(key, record)
		}
		after = { revision, stored }
		if (!options.changesOnly) return bookmarkResult(stored, revision)
		// Winners are records the device sent; held ones it sent back unchanged.
		const lacking = new Map<string, BookmarkRecord>()
		for (const [key, record] of stored) if (!winners.has(key) && !held.has(key)) lacking.set(key, record)
		return { ...bookmarkResult(lacking, revision), updatedAt: latestChange(stored.values()), changesOnly: true as const }
	})
	// Committed: this is now what the tables hold at that revision.
	if (after) keepSnapshot(handle, 'bookmarks', userId, after.revision, after.stored, after.stored.size)
	return answer
}

function latestChange(records: Iterable<BookmarkRecord>) {
	let updatedAt = 0
	for (const record of records) if (record.changedAt > updatedAt) updatedAt = record.changedAt
	return updatedAt
}

export interface WatchHistorySyncResult {
	items: WatchHistory
	/** The latest change in the account (also when only changes are answered). */
	updatedAt: number
	revision: number
	/** Set when the answer holds only what the device lacks (SyncOptions). */
	changesOnly?: true
}

interface StoredWatchRow {
	updatedAt: number
	/** Canonical JSON of the item's fields or of the episode. */
	data: string
	/** data parsed, once it was needed (snapshots keep it). */
	parsed?: unknown
}

interface StoredWatchHistory {
	/** By media id, in row order. */
	items: Map<number, StoredWatchRow>
	/** By media id, then episode key. */
	episodes: Map<number, Map<string, StoredWatchRow>>
}

async function readWatchRows(db: Db, userId: string): Promise<StoredWatchHistory> {
	const [itemRows, episodeRows] = await Promise.all([
		db.selectFrom('user_watch_items').select(['media_id', 'data', 'updated_at']).where('user_id', '=', userId).execute(),
		db.selectFrom('user_watch_episodes').select(['media_id', 'episode_key', 'data', 'updated_at']).where('user_id', '=', userId).execute(),
	])
	const items = new Map<number, StoredWatchRow>()
	for (const row of itemRows) items.set(row.media_id, { updatedAt: Number(row.updated_at), data: row.data })
	const episodes = new Map<number, Map<string, StoredWatchRow>>()
	for (const row of episodeRows) {
		let ofItem = episodes.get(row.media_id)
		if (!ofItem) episodes.set(row.media_id, (ofItem = new Map()))
		ofItem.set(row.episode_key, { updatedAt: Number(row.updated_at), data: row.data })
	}
	return { items, episodes }
}

function watchHistoryResult(stored: StoredWatchHistory, revision: number): WatchHistorySyncResult {
	const items: WatchHistory = {}
	for (const [mediaId, row] of stored.items) {
		const item = JSON.parse(row.data) as WatchHistoryItem
		const episodes = stored.episodes.get(mediaId)
		if (episodes && episodes.size > 0) {
			item.episodes = {}
			for (const [key, episode] of episodes) item.episodes[key] = JSON.parse(episode.data) as EpisodeProgress
		}
		// Episodes exist only as rows, so no item carries an empty record: the shape the shared merge produces.
		items[String(mediaId)] = item
	}
	return { items, updatedAt: latestWatchChange(stored), revision }
}

function latestWatchChange(stored: StoredWatchHistory) {
	let updatedAt = 0
	for (const row of stored.items.values()) if (row.updatedAt > updatedAt) updatedAt = row.updatedAt
	for (const episodes of stored.episodes.values()) for (const row of episodes.values()) if (row.updatedAt > updatedAt) updatedAt = row.updatedAt
	return updatedAt
}

export async function readWatchHistory(db: Db, userId: string, knownRevision?: number): Promise<WatchHistorySyncResult> {
	const stored = await readWatchRows(db, userId)
	const revision = knownRevision ?? (await readRevisions(db, userId)).history
	return watchHistoryResult(stored, revision)
}

/**
 * How an incoming item or episode compares with the stored copy: it replaces
 * it (the larger updatedAt, then the canonical JSON, as the shared merge),
 * is the same, or loses.
 */
function compareWatchRow(updatedAt: number, value: object, current: StoredWatchRow | undefined): { wins: string } | 'same' | 'loses' {
	if (current && updatedAt < current.updatedAt) return 'loses'
	if (current && updatedAt === current.updatedAt && sameAsStored(value, parsedData(current))) return 'same'
	const data = canonicalJson(value)
	if (!current || updatedAt > current.updatedAt) return { wins: data }
	const order = compareText(data, current.data)
	return order > 0 ? { wins: data } : order === 0 ? 'same' : 'loses'
}

/**
 * Merges a device's watch history into the account, per item and per
 * episode; like syncBookmarks it merges against one read under the user's
 * sync lock and writes only the rows that win. With changesOnly the answer
 * holds only the items and episodes the device lacks (an item whose episodes
 * are answered comes with its fields, as the shape requires).
 */
export async function syncWatchHistory(handle: DatabaseHandle, userId: string, incoming: WatchHistory, options: SyncOptions = {}): Promise<WatchHistorySyncResult> {
	const collate = byteOrder(handle.dialect)
	const timeAndData: BulkColumn[] = [
		{ name: 'updated_at', pgType: 'bigint' },
		{ name: 'data', pgType: 'text' },
	]
	let after: { revision: number; stored: StoredWatchHistory } | undefined
	const answer = await handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		const stored = takeSnapshot<StoredWatchHistory>(handle, 'history', userId, revisions.history) ?? (await readWatchRows(trx, userId))
		const itemRows: Array<Omit<Database['user_watch_items'], 'user_id'>> = []
		const episodeRows: Array<Omit<Database['user_watch_episodes'], 'user_id'>> = []
		// Rows the device sent (winning or the same as stored): it holds them. Episodes by `${mediaId}/${key}`.
		const heldItems = new Set<number>()
		const heldEpisodes = new Set<string>()
		for (const [key, item] of Object.entries(incoming)) {
			const mediaId = Number(key)
			const { fields, episodes } = splitWatchItem(item)
			const itemOrder = compareWatchRow(fields.updatedAt, fields, stored.items.get(mediaId))
			if (itemOrder !== 'loses') heldItems.add(mediaId)
			if (typeof itemOrder === 'object') itemRows.push({ media_id: mediaId, updated_at: fields.updatedAt, data: itemOrder.wins })
			if (!episodes) continue
			const storedEpisodes = stored.episodes.get(mediaId)
			for (const [episodeKey, episode] of Object.entries(episodes)) {
				const order = compareWatchRow(episode.updatedAt, episode, storedEpisodes?.get(episodeKey))
				if (order !== 'loses') heldEpisodes.add(`${mediaId}/${episodeKey}`)
				if (typeof order === 'object') episodeRows.push({ media_id: mediaId, episode_key: episodeKey, updated_at: episode.updatedAt, data: order.wins })
			}
		}
		let revision = revisions.history
		if (itemRows.length > 0 || episodeRows.length > 0) {
			const items = bulkUpsert(
				handle.dialect,
				'user_watch_items',
				userId,
				[{ name: 'media_id', pgType: 'integer' }, ...timeAndData],
				['user_id', 'media_id'],
				itemRows,
				sql`excluded.updated_at > user_watch_items.updated_at or (excluded.updated_at = user_watch_items.updated_at and excluded.data${collate} > user_watch_items.data${collate})`,
			)
			const episodes = bulkUpsert(
				handle.dialect,
				'user_watch_episodes',
				userId,
				[{ name: 'media_id', pgType: 'integer' }, { name: 'episode_key', pgType: 'text' }, ...timeAndData],
				['user_id', 'media_id', 'episode_key'],
				episodeRows,
				sql`excluded.updated_at > user_watch_episodes.updated_at or (excluded.updated_at = user_watch_episodes.updated_at and excluded.data${collate} > user_watch_episodes.data${collate})`,
			)
			revision = await writeAndBump(trx, handle.dialect, userId, 'history', [items, episodes])
			for (const row of itemRows) stored.items.set(row.media_id, { updatedAt: row.updated_at, data: row.data })
			for (const row of episodeRows) {
				let ofItem = stored.episodes.get(row.media_id)
				if (!ofItem) stored.episodes.set(row.media_id, (ofItem = new Map()))
				ofItem.set(row.episode_key, { updatedAt: row.updated_at, data: row.data })
			}
		}
		after = { revision, stored }
		if (!options.changesOnly) return watchHistoryResult(stored, revision)
		const lacking: StoredWatchHistory = { items: new Map(), episodes: new Map() }
		for (const [mediaId, row] of stored.items) {
			const episodes = new Map<string, StoredWatchRow>()
			for (const [episodeKey, episode] of stored.episodes.get(mediaId) ?? []) if (!heldEpisodes.has(`${mediaId}/${episodeKey}`)) episodes.set(episodeKey, episode)
			if (heldItems.has(mediaId) && episodes.size === 0) continue
			lacking.items.set(mediaId, row)
			if (episodes.size > 0) lacking.episodes.set(mediaId, episodes)
		}
		return { ...watchHistoryResult(lacking, revision), updatedAt: latestWatchChange(stored), changesOnly: true as const }
	})
	if (after) {
		let size = after.stored.items.size
		for (const episodes of after.stored.episodes.values()) size += episodes.size
		keepSnapshot(handle, 'history', userId, after.revision, after.stored, size)
	}
	return answer
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
