import { sql } from 'kysely'
import { MAX_TOMBSTONES, TOMBSTONE_MAX_AGE_MS } from '#app/lib/library/bookmarks.ts'
import {
	bookmarkKey,
	bookmarkToRecord,
	compareBookmarkRecords,
	recordsToState,
	tombstoneToRecord,
	type BookmarkRecord,
	type BookmarkState,
} from '#app/lib/sync/bookmarks.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import { lockSyncState, readRevisions, writeAndBump } from './revisions.server.ts'
import { enforceQuota } from './quota.server.ts'
import { keepSnapshot, takeSnapshot } from './snapshots.ts'
import { byteOrder, bulkUpsert, type BulkColumn, type Db } from './sql.ts'
import { parsedData, sameAsStored, type SyncOptions } from './stored-rows.ts'

// The account copy of the bookmarks. Every write is a conditional upsert that
// keeps, per row, the record the shared merge (app/lib/sync) would keep, so
// concurrent syncs from several devices or processes need no locks and lose
// nothing: the database itself computes the merge row by row.

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
		const record: StoredBookmark = {
			mediaId: row.media_id,
			category: row.category,
			changedAt: Number(row.changed_at),
			deleted: row.deleted === 1,
			data: row.data,
		}
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

/** A bookmark's identity and time: the rest (its display fields) is the stored data. */
const BOOKMARK_IDENTITY = new Set(['mediaId', 'category', 'addedAt'])

const BOOKMARK_COLUMNS: BulkColumn[] = [
	{ name: 'media_id', pgType: 'integer' },
	{ name: 'category', pgType: 'text' },
	{ name: 'changed_at', pgType: 'bigint' },
	{ name: 'deleted', pgType: 'integer' },
	{ name: 'data', pgType: 'text' },
]

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
export async function syncBookmarks(
	handle: DatabaseHandle,
	userId: string,
	incoming: BookmarkState,
	options: SyncOptions = {},
): Promise<BookmarkSyncResult> {
	const collate = byteOrder(handle.dialect)
	let after: { revision: number; stored: Map<string, StoredBookmark> } | undefined
	const answer = await handle.db.transaction().execute(async (trx) => {
		const revisions = await lockSyncState(trx, userId)
		const stored =
			takeSnapshot<Map<string, StoredBookmark>>(handle, 'bookmarks', userId, revisions.bookmarks) ??
			(await readBookmarkRecords(trx, userId))
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
		for (const [key, record] of winners) stored.set(key, record)
		// The caps after the merge, as the device applies them (capBookmarkState): else the account
		// keeps, and sends back, removals the device dropped, and the device ends over the limit.
		const pruned = tombstonesOverCaps(stored)
		for (const key of pruned) {
			stored.delete(key)
			// Not written at all: the row of that pair (if any) goes instead.
			winners.delete(key)
		}
		let revision = revisions.bookmarks
		if (winners.size > 0 || pruned.length > 0) {
			const upsert = bulkUpsert(
				handle.dialect,
				'user_bookmarks',
				userId,
				BOOKMARK_COLUMNS,
				['user_id', 'media_id', 'category'],
				[...winners.values()].map((record) => ({
					media_id: record.mediaId,
					category: record.category,
					changed_at: record.changedAt,
					deleted: record.deleted ? 1 : 0,
					data: record.data,
				})),
				sql`excluded.changed_at > user_bookmarks.changed_at or (excluded.changed_at = user_bookmarks.changed_at and (excluded.deleted > user_bookmarks.deleted or (excluded.deleted = user_bookmarks.deleted and excluded.data${collate} > user_bookmarks.data${collate})))`,
			)
			revision = await writeAndBump(trx, handle.dialect, userId, 'bookmarks', [
				upsert,
				deletePairs(handle.dialect, userId, pruned.map(storedKeyParts)),
			])
			await enforceQuota(trx, userId, options.quotaBytes)
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

/** The keys of stored tombstones beyond the caps of capBookmarkState: too old, or beyond the newest MAX_TOMBSTONES. */
function tombstonesOverCaps(stored: Map<string, BookmarkRecord>): string[] {
	const cutoff = latestChange(stored.values()) - TOMBSTONE_MAX_AGE_MS
	const kept: Array<[string, BookmarkRecord]> = []
	const over: string[] = []
	for (const [key, record] of stored) {
		if (!record.deleted) continue
		if (record.changedAt < cutoff) over.push(key)
		else kept.push([key, record])
	}
	if (kept.length > MAX_TOMBSTONES) {
		kept.sort(
			([, a], [, b]) =>
				a.changedAt - b.changedAt || a.mediaId - b.mediaId || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
		)
		for (const [key] of kept.slice(0, kept.length - MAX_TOMBSTONES)) over.push(key)
	}
	return over
}

function storedKeyParts(key: string): [number, string] {
	const split = key.indexOf('\u0000')
	return [Number(key.slice(0, split)), key.slice(split + 1)]
}

/**
 * Deletes the rows of the given pairs in one statement (undefined when there
 * are none). Each pair's merged record is a pruned tombstone, so whatever row
 * it has (an older tombstone, or a bookmark that removal beat) goes.
 */
function deletePairs(dialect: DatabaseHandle['dialect'], userId: string, pairs: Array<[number, string]>) {
	if (pairs.length === 0) return undefined
	const payload = JSON.stringify(pairs)
	// Returning keeps the statement usable as a data-modifying CTE on PostgreSQL (writeAndBump).
	if (dialect === 'sqlite') {
		return sql`delete from user_bookmarks where user_id = ${userId} and (media_id, category) in (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${payload}))`
	}
	return sql`delete from user_bookmarks where user_id = ${userId} and (media_id, category) in (select (value->>0)::integer, value->>1 from jsonb_array_elements(${payload}::jsonb)) returning 1`
}

function latestChange(records: Iterable<BookmarkRecord>) {
	let updatedAt = 0
	for (const record of records) if (record.changedAt > updatedAt) updatedAt = record.changedAt
	return updatedAt
}
