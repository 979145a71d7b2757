import {
	DEFAULT_BOOKMARK_CATEGORIES,
	DEFAULT_BOOKMARK_CATEGORY,
	type Bookmark,
	type BookmarkMedia,
	type BookmarkState,
	type BookmarkTombstone,
} from './types.ts'

// Pure bookmark operations (product.md §4): state in, state out, the time passed in.
// The device store and the account sync both build on these.

/** Tombstones kept at most (the sync accepts this many per request); the oldest go first. */
export const MAX_TOMBSTONES = 10_000

/**
 * How long a removal is remembered (decision 0034): tombstones older than this
 * before the library's latest change are dropped, on the device and in the
 * account alike. Measured against the library's own latest change, not the
 * clock, so every replica prunes the same records whatever its clock says.
 */
export const TOMBSTONE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000

export const EMPTY_BOOKMARK_STATE: BookmarkState = Object.freeze({ bookmarks: [], tombstones: [] }) as BookmarkState

export function isDefaultCategory(category: string) {
	return (DEFAULT_BOOKMARK_CATEGORIES as readonly string[]).includes(category)
}

function findIndex(list: ReadonlyArray<{ mediaId: number; category: string }>, mediaId: number, category: string) {
	for (let i = 0; i < list.length; i++) {
		const item = list[i]!
		if (item.mediaId === mediaId && item.category === category) return i
	}
	return -1
}

/** Whether the media is in that category, or in any list when no category is given. */
export function hasBookmark(bookmarks: readonly Bookmark[], mediaId: number, category?: string) {
	for (const bookmark of bookmarks) {
		if (bookmark.mediaId === mediaId && (category === undefined || bookmark.category === category)) return true
	}
	return false
}

/** The categories the media is in, in list order. */
export function categoriesOf(bookmarks: readonly Bookmark[], mediaId: number) {
	const out: string[] = []
	for (const bookmark of bookmarks) if (bookmark.mediaId === mediaId) out.push(bookmark.category)
	return out
}

function displayFields(media: BookmarkMedia): Omit<Bookmark, 'category' | 'addedAt'> {
	const out: Omit<Bookmark, 'category' | 'addedAt'> = { mediaId: media.mediaId, mediaType: media.mediaType, title: media.title }
	if (media.posterPath !== undefined) out.posterPath = media.posterPath
	if (media.voteAverage !== undefined && Number.isFinite(media.voteAverage)) out.voteAverage = Math.min(10, Math.max(0, media.voteAverage))
	if (media.releaseDate) out.releaseDate = media.releaseDate
	return out
}

/**
 * Adds the media to a category. Already there: only its addedAt is refreshed
 * (missing display fields are filled in, the position is kept). New: appended.
 * A tombstone of the same pair is dropped, and the new time is after it, so
 * the re-add wins every merge.
 */
export function addBookmark(
	state: BookmarkState,
	media: BookmarkMedia,
	category: string = DEFAULT_BOOKMARK_CATEGORY,
	now: number = Date.now(),
): BookmarkState {
	return addAt(state, media, category, now, findIndex(state.bookmarks, media.mediaId, category))
}

function addAt(state: BookmarkState, media: BookmarkMedia, category: string, now: number, index: number): BookmarkState {
	const tombstoneIndex = findIndex(state.tombstones, media.mediaId, category)
	const after = tombstoneIndex >= 0 ? state.tombstones[tombstoneIndex]!.deletedAt + 1 : 0
	const tombstones = tombstoneIndex >= 0 ? state.tombstones.filter((_, i) => i !== tombstoneIndex) : state.tombstones
	const bookmarks = state.bookmarks.slice()
	if (index >= 0) {
		const existing = bookmarks[index]!
		bookmarks[index] = { ...displayFields(media), ...existing, addedAt: Math.max(now, existing.addedAt, after) }
	} else {
		bookmarks.push({ ...displayFields(media), category, addedAt: Math.max(now, after) })
	}
	return { bookmarks, tombstones }
}

/** Removes the (mediaId, category) pair and remembers the removal. Unchanged (same object) when absent. */
export function removeBookmark(
	state: BookmarkState,
	mediaId: number,
	category: string = DEFAULT_BOOKMARK_CATEGORY,
	now: number = Date.now(),
): BookmarkState {
	return removeAt(state, findIndex(state.bookmarks, mediaId, category), now)
}

function removeAt(state: BookmarkState, index: number, now: number): BookmarkState {
	if (index < 0) return state
	const removed = state.bookmarks[index]!
	const bookmarks = state.bookmarks.slice()
	bookmarks.splice(index, 1)
	const tombstone: BookmarkTombstone = { mediaId: removed.mediaId, category: removed.category, deletedAt: Math.max(now, removed.addedAt) }
	return { bookmarks, tombstones: withTombstones(state.tombstones, [tombstone]) }
}

/** Adds when absent, removes when present. */
export function toggleBookmark(
	state: BookmarkState,
	media: BookmarkMedia,
	category: string = DEFAULT_BOOKMARK_CATEGORY,
	now: number = Date.now(),
): BookmarkState {
	const index = findIndex(state.bookmarks, media.mediaId, category)
	return index >= 0 ? removeAt(state, index, now) : addAt(state, media, category, now, -1)
}

/** Removes every bookmark of a category (each remembered as a removal). */
export function removeCategoryBookmarks(state: BookmarkState, category: string, now: number = Date.now()): BookmarkState {
	const removed: BookmarkTombstone[] = []
	const bookmarks = state.bookmarks.filter((bookmark) => {
		if (bookmark.category !== category) return true
		removed.push({ mediaId: bookmark.mediaId, category, deletedAt: Math.max(now, bookmark.addedAt) })
		return false
	})
	if (removed.length === 0) return state
	return { bookmarks, tombstones: withTombstones(state.tombstones, removed) }
}

/** Tombstones plus new ones (replacing the same pairs), capped at MAX_TOMBSTONES by dropping the oldest. */
function withTombstones(existing: readonly BookmarkTombstone[], added: readonly BookmarkTombstone[]) {
	let out: BookmarkTombstone[]
	if (added.length === 1) {
		const only = added[0]!
		const at = findIndex(existing, only.mediaId, only.category)
		out = existing.slice()
		if (at >= 0) out.splice(at, 1)
		out.push(only)
	} else {
		const replaced = new Set(added.map((t) => `${t.mediaId}\u0000${t.category}`))
		out = existing.filter((t) => !replaced.has(`${t.mediaId}\u0000${t.category}`)).concat(added)
	}
	if (out.length <= MAX_TOMBSTONES) return out
	// Usually already in time order, which the sort detects.
	return out.sort((a, b) => a.deletedAt - b.deletedAt).slice(out.length - MAX_TOMBSTONES)
}

/**
 * The caps of a bookmark state, applied after every merge (device and
 * server): tombstones older than TOMBSTONE_MAX_AGE_MS before the latest
 * change go, then only the newest MAX_TOMBSTONES stay. Without this a merge
 * could bring back what one side had dropped and push the state past what
 * the sync accepts. Returns the same object when nothing is dropped.
 */
export function capBookmarkState(state: BookmarkState): BookmarkState {
	const cutoff = latestBookmarkChange(state) - TOMBSTONE_MAX_AGE_MS
	let tombstones = state.tombstones.filter((tombstone) => tombstone.deletedAt >= cutoff)
	if (tombstones.length > MAX_TOMBSTONES) {
		// Newest last; ties broken by identity so every replica keeps the same ones.
		tombstones = tombstones
			.slice()
			.sort(
				(a, b) => a.deletedAt - b.deletedAt || a.mediaId - b.mediaId || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
			)
			.slice(tombstones.length - MAX_TOMBSTONES)
	}
	return tombstones.length === state.tombstones.length ? state : { bookmarks: state.bookmarks, tombstones }
}

/** The time of the latest bookmark change (lastBookmarkUpdateTime), 0 when there is none. */
export function latestBookmarkChange(state: BookmarkState) {
	let latest = 0
	for (const bookmark of state.bookmarks) if (bookmark.addedAt > latest) latest = bookmark.addedAt
	for (const tombstone of state.tombstones) if (tombstone.deletedAt > latest) latest = tombstone.deletedAt
	return latest
}

/** Normalises a new category name (product.md §5): trimmed; empty → null. */
export function normaliseCategoryName(name: string): string | null {
	const trimmed = name.trim().replace(/\s+/g, ' ')
	if (!trimmed) return null
	return trimmed.slice(0, 64)
}

/** Adds a custom category; empty, default or already present (case-insensitively) names leave the list unchanged. */
export function addCustomCategory(custom: readonly string[], name: string): readonly string[] {
	const normal = normaliseCategoryName(name)
	if (!normal) return custom
	const lower = normal.toLowerCase()
	if (isDefaultCategory(lower) || custom.some((c) => c.toLowerCase() === lower)) return custom
	return [...custom, normal]
}

/** The categories to offer: the defaults, then custom ones, then any others found in bookmarks (from sync or import). */
export function allCategories(bookmarks: readonly Bookmark[], custom: readonly string[]): string[] {
	const seen = new Set<string>(DEFAULT_BOOKMARK_CATEGORIES)
	const out: string[] = [...DEFAULT_BOOKMARK_CATEGORIES]
	const add = (category: string) => {
		if (seen.has(category)) return
		seen.add(category)
		out.push(category)
	}
	for (const category of custom) add(category)
	for (const bookmark of bookmarks) add(bookmark.category)
	return out
}

/** Which lists each title is in (mediaId → categories in list order). */
export function bookmarkMembership(bookmarks: readonly Bookmark[]) {
	const map = new Map<number, string[]>()
	for (const bookmark of bookmarks) {
		const lists = map.get(bookmark.mediaId)
		if (lists) lists.push(bookmark.category)
		else map.set(bookmark.mediaId, [bookmark.category])
	}
	return map
}

/** How a list is named on screen: the default lists capitalised, custom ones as typed. */
export function categoryLabel(category: string) {
	return isDefaultCategory(category) ? category.charAt(0).toUpperCase() + category.slice(1) : category
}
