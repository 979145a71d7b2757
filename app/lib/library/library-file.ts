import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'
import { mergeWatchHistories } from '#app/lib/sync/watch-history.ts'
import { addCustomCategory } from './bookmarks.ts'
import { bookmarkSchema, categoryNameSchema, watchHistorySchema } from './schemas.ts'
import type { Bookmark, BookmarkState, WatchHistory } from './types.ts'
import { MAX_SYNC_BOOKMARKS } from '#app/lib/sync/schemas.ts'

// Export and import of the whole device library as one JSON file, so nothing
// is locked in. Import merges into what is there; it never deletes.

export const LIBRARY_FILE_KIND = 'willow-library'
export const LIBRARY_FILE_VERSION = 1
/** Larger files are refused before parsing (a 10,000-bookmark library is about 2 MB). */
export const MAX_LIBRARY_FILE_BYTES = 20 * 1024 * 1024

export interface LibraryFile {
	kind: typeof LIBRARY_FILE_KIND
	version: typeof LIBRARY_FILE_VERSION
	exportedAt: string
	bookmarks: Bookmark[]
	categories: string[]
	watchHistory: WatchHistory
}

export interface LibraryContents {
	bookmarks: BookmarkState
	categories: readonly string[]
	watchHistory: WatchHistory
}

export function buildLibraryFile(contents: LibraryContents, now: number = Date.now()): LibraryFile {
	return {
		kind: LIBRARY_FILE_KIND,
		version: LIBRARY_FILE_VERSION,
		exportedAt: new Date(now).toISOString(),
		bookmarks: contents.bookmarks.bookmarks,
		categories: [...contents.categories],
		watchHistory: contents.watchHistory,
	}
}

export function libraryFileName(now: number = Date.now()) {
	return `willow-library-${new Date(now).toISOString().slice(0, 10)}.json`
}

const libraryFileSchema = lazyObject(() =>
	z.object({
		kind: z.literal(LIBRARY_FILE_KIND),
		version: z.literal(LIBRARY_FILE_VERSION),
		exportedAt: z.string().optional(),
		bookmarks: z.array(bookmarkSchema).max(MAX_SYNC_BOOKMARKS),
		categories: z.array(categoryNameSchema).max(500).default([]),
		// Items are validated strictly first (for a clear error), then read like stored history.
		watchHistory: z.record(z.string().regex(/^[1-9]\d{0,9}$/, 'keys must be numeric media ids'), z.unknown()).default({}),
	}),
)

export type ParseResult = { ok: true; file: LibraryFile } | { ok: false; error: string }

function describeIssue(issue: z.core.$ZodIssue) {
	const path = issue.path.map(String).join('.')
	return path ? `${path}: ${issue.message}` : issue.message
}

/** Validates an imported file's text; errors are sentences a person can act on. */
export function parseLibraryFile(text: string): ParseResult {
	if (text.length > MAX_LIBRARY_FILE_BYTES) return { ok: false, error: 'This file is too large to be a Willow library export.' }
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		return { ok: false, error: 'This file is not valid JSON. Choose a library file exported from Willow.' }
	}
	const kind = json && typeof json === 'object' ? (json as { kind?: unknown }).kind : undefined
	if (kind !== LIBRARY_FILE_KIND) return { ok: false, error: 'This file is not a Willow library export.' }
	const result = libraryFileSchema.safeParse(json)
	if (!result.success)
		return { ok: false, error: `This library file is invalid (${describeIssue(result.error.issues[0]!)}). Nothing was imported.` }
	const watchHistory = watchHistorySchema.parse(result.data.watchHistory)
	const dropped = Object.keys(result.data.watchHistory).find((key) => !(key in watchHistory))
	if (dropped)
		return { ok: false, error: `This library file is invalid (watchHistory.${dropped} is not a valid history item). Nothing was imported.` }
	return {
		ok: true,
		file: {
			kind: LIBRARY_FILE_KIND,
			version: LIBRARY_FILE_VERSION,
			exportedAt: result.data.exportedAt ?? '',
			bookmarks: result.data.bookmarks,
			categories: result.data.categories,
			watchHistory,
		},
	}
}

export interface ImportSummary {
	bookmarksAdded: number
	historyItems: number
}

/**
 * Merges an imported file into the library. Bookmarks: a pair already present
 * keeps the later addedAt; an imported pair that was removed here comes back
 * (import is a deliberate act) with a time after the removal, so sync keeps it.
 * Watch history: per item and episode, the larger updatedAt wins.
 */
export function mergeLibraryFile(current: LibraryContents, file: LibraryFile): { contents: LibraryContents; summary: ImportSummary } {
	const key = (b: { mediaId: number; category: string }) => `${b.mediaId}\u0000${b.category}`
	const tombstones = new Map(current.bookmarks.tombstones.map((t) => [key(t), t]))
	const positions = new Map(current.bookmarks.bookmarks.map((b, i) => [key(b), i]))
	const bookmarks = current.bookmarks.bookmarks.slice()
	let bookmarksAdded = 0
	for (const imported of file.bookmarks) {
		const pair = key(imported)
		const at = positions.get(pair)
		if (at !== undefined) {
			if (bookmarks[at]!.addedAt < imported.addedAt) bookmarks[at] = { ...bookmarks[at], ...imported }
			continue
		}
		const removed = tombstones.get(pair)
		const addedAt = removed && removed.deletedAt >= imported.addedAt ? removed.deletedAt + 1 : imported.addedAt
		tombstones.delete(pair)
		positions.set(pair, bookmarks.length)
		bookmarks.push({ ...imported, addedAt })
		bookmarksAdded++
	}
	let categories = current.categories
	for (const name of file.categories) categories = addCustomCategory(categories, name)
	const watchHistory = mergeWatchHistories(current.watchHistory, file.watchHistory)
	return {
		contents: { bookmarks: { bookmarks, tombstones: [...tombstones.values()] }, categories, watchHistory },
		summary: { bookmarksAdded, historyItems: Object.keys(file.watchHistory).length },
	}
}
