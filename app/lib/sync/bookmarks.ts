import type { Bookmark, BookmarkState, BookmarkTombstone } from '../library/types.ts'
import { canonicalJson, compareText } from './canonical.ts'

// The synced bookmark state is the device's (one definition, in library/types.ts).
export type { BookmarkState }

/** One (mediaId, category) pair: the identity of a bookmark (product.md §4). */
export function bookmarkKey(item: { mediaId: number; category: string }) {
	return `${item.mediaId}\u0000${item.category}`
}

/**
 * A bookmark or tombstone seen as one versioned record. The later change wins;
 * at the same time a removal wins; then the canonical JSON of the display
 * fields decides, so every replica picks the same record whatever the order.
 */
export interface BookmarkRecord {
	mediaId: number
	category: string
	changedAt: number
	deleted: boolean
	/** Canonical JSON of the display fields ('{}' for a tombstone). */
	data: string
}

export function bookmarkToRecord(bookmark: Bookmark): BookmarkRecord {
	const { mediaId, category, addedAt, ...display } = bookmark
	return { mediaId, category, changedAt: addedAt, deleted: false, data: canonicalJson(display) }
}

export function tombstoneToRecord(tombstone: BookmarkTombstone): BookmarkRecord {
	return { mediaId: tombstone.mediaId, category: tombstone.category, changedAt: tombstone.deletedAt, deleted: true, data: '{}' }
}

/** Positive when a should replace b. */
export function compareBookmarkRecords(a: BookmarkRecord, b: BookmarkRecord): number {
	if (a.changedAt !== b.changedAt) return a.changedAt - b.changedAt
	if (a.deleted !== b.deleted) return a.deleted ? 1 : -1
	return compareText(a.data, b.data)
}

export function recordsToState(records: Iterable<BookmarkRecord>): BookmarkState {
	const bookmarks: Bookmark[] = []
	const tombstones: BookmarkTombstone[] = []
	for (const record of records) {
		if (record.deleted) {
			tombstones.push({ mediaId: record.mediaId, category: record.category, deletedAt: record.changedAt })
		} else {
			const display = JSON.parse(record.data) as Omit<Bookmark, 'mediaId' | 'category' | 'addedAt'>
			bookmarks.push({ mediaId: record.mediaId, category: record.category, addedAt: record.changedAt, ...display })
		}
	}
	// Oldest first, like the device list where new items are appended.
	const order = (a: { mediaId: number; category: string }, b: { mediaId: number; category: string }) =>
		a.mediaId - b.mediaId || compareText(a.category, b.category)
	bookmarks.sort((a, b) => a.addedAt - b.addedAt || order(a, b))
	tombstones.sort((a, b) => a.deletedAt - b.deletedAt || order(a, b))
	return { bookmarks, tombstones }
}

export function stateToRecords(state: BookmarkState): Map<string, BookmarkRecord> {
	const records = new Map<string, BookmarkRecord>()
	const add = (record: BookmarkRecord) => {
		const key = bookmarkKey(record)
		const current = records.get(key)
		if (!current || compareBookmarkRecords(record, current) > 0) records.set(key, record)
	}
	for (const bookmark of state.bookmarks) add(bookmarkToRecord(bookmark))
	for (const tombstone of state.tombstones) add(tombstoneToRecord(tombstone))
	return records
}

/**
 * Merges any number of bookmark states (product.md §4 extended with removals):
 * every (mediaId, category) pair keeps its latest change, so a bookmark
 * removed on one device does not come back from another. Commutative,
 * associative and idempotent: replicas that exchange states converge.
 */
export function mergeBookmarkStates(...states: BookmarkState[]): BookmarkState {
	const merged = new Map<string, BookmarkRecord>()
	for (const state of states) {
		for (const [key, record] of stateToRecords(state)) {
			const current = merged.get(key)
			if (!current || compareBookmarkRecords(record, current) > 0) merged.set(key, record)
		}
	}
	return recordsToState(merged.values())
}

/** The latest change in a state (product.md's lastBookmarkUpdateTime), 0 when empty. */
export function bookmarkStateUpdatedAt(state: BookmarkState): number {
	let latest = 0
	for (const bookmark of state.bookmarks) latest = Math.max(latest, bookmark.addedAt)
	for (const tombstone of state.tombstones) latest = Math.max(latest, tombstone.deletedAt)
	return latest
}

/**
 * What a device that sent `sent` lacks of the merged state `merged`: every
 * record of `merged` it did not send as it is. Merging this into the
 * device's library (which holds at least `sent`) gives the same library as
 * merging the whole of `merged`; the server answers it to devices that ask
 * for changes only.
 */
export function bookmarkChangesFor(merged: BookmarkState, sent: BookmarkState): BookmarkState {
	const held = stateToRecords(sent)
	const lacking: BookmarkRecord[] = []
	for (const [key, record] of stateToRecords(merged)) {
		const copy = held.get(key)
		if (!copy || compareBookmarkRecords(record, copy) !== 0) lacking.push(record)
	}
	return recordsToState(lacking)
}
