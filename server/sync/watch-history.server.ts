import { sql } from 'kysely'
import { canonicalJson, compareText } from '#app/lib/sync/canonical.ts'
import { splitWatchItem } from '#app/lib/sync/watch-history.ts'
import { REMOVAL_MARKER_MAX_AGE_MS } from '#app/lib/library/history.ts'
import type { EpisodeProgress, WatchHistory, WatchHistoryItem } from '#app/lib/library/types.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import type { Database } from '../db/schema.ts'
import { lockSyncState, readRevisions, writeAndBump } from './revisions.server.ts'
import { enforceQuota } from './quota.server.ts'
import { keepSnapshot, takeSnapshot } from './snapshots.ts'
import { byteOrder, bulkUpsert, type BulkColumn, type Db } from './sql.ts'
import { parsedData, sameAsStored, type SyncOptions } from './stored-rows.ts'

// The account copy of the watch history, one row per item and per episode,
// merged with the same conditional upserts as the bookmarks.

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

/** Items that are removal markers older than the age pruneHistoryRemovals keeps: removed then, not watched since. */
function removalMarkersOverAge(stored: StoredWatchHistory): number[] {
	const cutoff = latestWatchChange(stored) - REMOVAL_MARKER_MAX_AGE_MS
	const over: number[] = []
	for (const [mediaId, row] of stored.items) {
		if (row.updatedAt >= cutoff) continue
		const removedAt = (parsedData(row) as Partial<WatchHistoryItem> | undefined)?.removedAt
		if (typeof removedAt !== 'number' || removedAt >= cutoff || row.updatedAt > removedAt) continue
		let watchedSince = false
		for (const episode of stored.episodes.get(mediaId)?.values() ?? []) if (episode.updatedAt > removedAt) watchedSince = true
		if (!watchedSince) over.push(mediaId)
	}
	return over
}

/** Deletes whole items (their row and their episodes' rows). */
function deleteItems(dialect: DatabaseHandle['dialect'], userId: string, mediaIds: number[]) {
	const payload = JSON.stringify(mediaIds)
	const ids =
		dialect === 'sqlite'
			? sql`select value from json_each(${payload})`
			: sql`select value::integer from jsonb_array_elements_text(${payload}::jsonb)`
	return [
		sql`delete from user_watch_episodes where user_id = ${userId} and media_id in (${ids})`,
		sql`delete from user_watch_items where user_id = ${userId} and media_id in (${ids})`,
	]
}

function latestWatchChange(stored: StoredWatchHistory) {
	let updatedAt = 0
	for (const row of stored.items.values()) if (row.updatedAt > updatedAt) updatedAt = row.updatedAt
	for (const episodes of stored.episodes.values())
		for (const row of episodes.values()) if (row.updatedAt > updatedAt) updatedAt = row.updatedAt
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
export async function syncWatchHistory(
	handle: DatabaseHandle,
	userId: string,
	incoming: WatchHistory,
	options: SyncOptions = {},
): Promise<WatchHistorySyncResult> {
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
				if (typeof order === 'object')
					episodeRows.push({ media_id: mediaId, episode_key: episodeKey, updated_at: episode.updatedAt, data: order.wins })
			}
		}
		for (const row of itemRows) stored.items.set(row.media_id, { updatedAt: row.updated_at, data: row.data })
		for (const row of episodeRows) {
			let ofItem = stored.episodes.get(row.media_id)
			if (!ofItem) stored.episodes.set(row.media_id, (ofItem = new Map()))
			ofItem.set(row.episode_key, { updatedAt: row.updated_at, data: row.data })
		}
		// Old removal markers go after the merge, as on the device (pruneHistoryRemovals).
		const pruned = new Set(removalMarkersOverAge(stored))
		for (const mediaId of pruned) {
			stored.items.delete(mediaId)
			stored.episodes.delete(mediaId)
		}
		const itemWrites = itemRows.filter((row) => !pruned.has(row.media_id))
		const episodeWrites = episodeRows.filter((row) => !pruned.has(row.media_id))
		let revision = revisions.history
		if (itemWrites.length > 0 || episodeWrites.length > 0 || pruned.size > 0) {
			const items = bulkUpsert(
				handle.dialect,
				'user_watch_items',
				userId,
				[{ name: 'media_id', pgType: 'integer' }, ...timeAndData],
				['user_id', 'media_id'],
				itemWrites,
				sql`excluded.updated_at > user_watch_items.updated_at or (excluded.updated_at = user_watch_items.updated_at and excluded.data${collate} > user_watch_items.data${collate})`,
			)
			const episodes = bulkUpsert(
				handle.dialect,
				'user_watch_episodes',
				userId,
				[{ name: 'media_id', pgType: 'integer' }, { name: 'episode_key', pgType: 'text' }, ...timeAndData],
				['user_id', 'media_id', 'episode_key'],
				episodeWrites,
				sql`excluded.updated_at > user_watch_episodes.updated_at or (excluded.updated_at = user_watch_episodes.updated_at and excluded.data${collate} > user_watch_episodes.data${collate})`,
			)
			const removals = pruned.size > 0 ? deleteItems(handle.dialect, userId, [...pruned]) : []
			revision = await writeAndBump(trx, handle.dialect, userId, 'history', [items, episodes, ...removals])
			await enforceQuota(trx, userId, options.quotaBytes)
		}
		after = { revision, stored }
		if (!options.changesOnly) return watchHistoryResult(stored, revision)
		const lacking: StoredWatchHistory = { items: new Map(), episodes: new Map() }
		for (const [mediaId, row] of stored.items) {
			const episodes = new Map<string, StoredWatchRow>()
			for (const [episodeKey, episode] of stored.episodes.get(mediaId) ?? [])
				if (!heldEpisodes.has(`${mediaId}/${episodeKey}`)) episodes.set(episodeKey, episode)
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
