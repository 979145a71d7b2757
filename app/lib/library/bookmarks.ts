import { DEFAULT_BOOKMARK_CATEGORIES, DEFAULT_BOOKMARK_CATEGORY, type Bookmark, type BookmarkMedia, type BookmarkState, type BookmarkTombstone } from './types.ts'

// Pure bookmark operations (spec §4): state in, state out, the time passed in.
// The device store and the account sync both build on these.

/** Tombstones kept at most (the sync accepts this many per request); the oldest go first. */
export const MAX_TOMBSTONES = 10_000

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
export function addBookmark(state: BookmarkState, media: BookmarkMedia, category: string = DEFAULT_BOOKMARK_CATEGORY, now: number = Date.now()): BookmarkState {
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
export function removeBookmark(state: BookmarkState, mediaId: number, category: string = DEFAULT_BOOKMARK_CATEGORY, now: number = Date.now()): BookmarkState {
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
export function toggleBookmark(state: BookmarkState, media: BookmarkMedia, category: string = DEFAULT_BOOKMARK_CATEGORY, now: number = Date.now()): BookmarkState {
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

/** The time of the latest bookmark change (lastBookmarkUpdateTime), 0 when there is none. */
export function latestBookmarkChange(state: BookmarkState) {
	let latest = 0
	for (const bookmark of state.bookmarks) if (bookmark.addedAt > latest) latest = bookmark.addedAt
	for (const tombstone of state.tombstones) if (tombstone.deletedAt > latest) latest = tombstone.deletedAt
	return latest
}

/** Normalises a new category name (spec §5): trimmed; empty → null. */
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

// ---- The bookmarks page: filter and sort ----

export const BOOKMARK_SORTS = ['date-added', 'title', 'rating'] as const
export type BookmarkSort = (typeof BOOKMARK_SORTS)[number]
export const MEDIA_FILTERS = ['all', 'movie', 'tv'] as const
export type MediaFilter = (typeof MEDIA_FILTERS)[number]

export interface BookmarkQuery {
	sort: BookmarkSort
	mediaType: MediaFilter
	/** A category name, or 'all' for every list. */
	category: string
}

/** A sort key for titles: lowercase, accents removed, so plain comparison orders A–Z. */
export function titleSortKey(title: string) {
	const lower = title.toLowerCase()
	// eslint-disable-next-line no-control-regex
	return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower
}

// Bookmark objects are immutable and survive changes (a change replaces only
// the records it touches), so per-object sort keys are computed once.
const titleKeys = new WeakMap<Bookmark, string | null>()
function titleKeyOf(bookmark: Bookmark) {
	let key = titleKeys.get(bookmark)
	if (key === undefined) {
		key = bookmark.title ? titleSortKey(bookmark.title) : null
		titleKeys.set(bookmark, key)
	}
	return key
}

const newestFirst = (a: Bookmark, b: Bookmark) => b.addedAt - a.addedAt || a.mediaId - b.mediaId || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0)
const COMPARE: Record<BookmarkSort, (a: Bookmark, b: Bookmark) => number> = {
	'date-added': newestFirst,
	title: (a, b) => {
		const left = titleKeyOf(a)
		const right = titleKeyOf(b)
		if (left === null || right === null) return left === right ? newestFirst(a, b) : left === null ? 1 : -1
		return left < right ? -1 : left > right ? 1 : newestFirst(a, b)
	},
	rating: (a, b) => (b.voteAverage ?? -1) - (a.voteAverage ?? -1) || newestFirst(a, b),
}

/** Differences between two versions of a list: null when they differ in more than `limit` places. */
export function diffBookmarkLists(previous: readonly Bookmark[], next: readonly Bookmark[], limit = 64): { removed: Bookmark[]; added: Bookmark[] } | null {
	const removed: Bookmark[] = []
	const added: Bookmark[] = []
	let i = 0
	let j = 0
	while (i < previous.length && j < next.length) {
		if (previous[i] === next[j]) {
			i++
			j++
			continue
		}
		if (previous[i + 1] === next[j]) removed.push(previous[i++]!)
		else if (previous[i] === next[j + 1]) added.push(next[j++]!)
		else {
			removed.push(previous[i++]!)
			added.push(next[j++]!)
		}
		if (removed.length + added.length > limit) return null
	}
	while (i < previous.length) removed.push(previous[i++]!)
	while (j < next.length) added.push(next[j++]!)
	return removed.length + added.length > limit ? null : { removed, added }
}

interface ListIndex {
	source: readonly Bookmark[]
	orders: Partial<Record<BookmarkSort, Bookmark[]>>
	/** Per sort, the order with one record per title (its newest). */
	unique: Partial<Record<BookmarkSort, Bookmark[]>>
	newest?: Map<number, Bookmark>
}

// The index of the latest list. A new list (one change later) is derived from
// it: removed records are dropped from each sorted order and new ones are
// inserted by binary search, so a click never resorts 10,000 bookmarks.
let current: ListIndex | undefined

/** Forgets the cached orders (benchmarks measure a first load with it). */
export function resetBookmarkQueryCache() {
	current = undefined
}

const isNewer = (a: Bookmark, b: Bookmark) => newestFirst(a, b) < 0

function insertSorted(order: Bookmark[], bookmark: Bookmark, compare: (a: Bookmark, b: Bookmark) => number) {
	let low = 0
	let high = order.length
	while (low < high) {
		const mid = (low + high) >>> 1
		if (compare(order[mid]!, bookmark) <= 0) low = mid + 1
		else high = mid
	}
	order.splice(low, 0, bookmark)
}

function indexFor(bookmarks: readonly Bookmark[]): ListIndex {
	if (current?.source === bookmarks) return current
	const previous = current
	const next: ListIndex = { source: bookmarks, orders: {}, unique: {} }
	const diff = previous ? diffBookmarkLists(previous.source, bookmarks) : null
	if (previous && diff) {
		const removed = new Set(diff.removed)
		for (const sort of BOOKMARK_SORTS) {
			const old = previous.orders[sort]
			if (!old) continue
			const order = removed.size ? old.filter((b) => !removed.has(b)) : old.slice()
			for (const bookmark of diff.added) insertSorted(order, bookmark, COMPARE[sort])
			if (order.length === bookmarks.length) next.orders[sort] = order
		}
		// The newest-copy map moves to the new index and is patched in place.
		const newest = previous.newest
		if (newest) {
			previous.newest = undefined
			const stale = new Set<number>()
			for (const bookmark of diff.removed) if (newest.get(bookmark.mediaId) === bookmark) stale.add(bookmark.mediaId)
			for (const bookmark of diff.added) {
				const seen = newest.get(bookmark.mediaId)
				if (!seen || isNewer(bookmark, seen)) newest.set(bookmark.mediaId, bookmark)
			}
			if (stale.size > 0) {
				for (const id of stale) newest.delete(id)
				for (const bookmark of bookmarks) {
					if (!stale.has(bookmark.mediaId)) continue
					const seen = newest.get(bookmark.mediaId)
					if (!seen || isNewer(bookmark, seen)) newest.set(bookmark.mediaId, bookmark)
				}
			}
			next.newest = newest
		}
	}
	current = next
	return next
}

function sortedBookmarks(index: ListIndex, sort: BookmarkSort): Bookmark[] {
	let order = index.orders[sort]
	if (!order) index.orders[sort] = order = index.source.slice().sort(COMPARE[sort])
	return order
}

function uniqueBookmarks(index: ListIndex, sort: BookmarkSort): Bookmark[] {
	let unique = index.unique[sort]
	if (unique) return unique
	let newest = index.newest
	if (!newest) {
		newest = new Map()
		for (const bookmark of index.source) {
			const seen = newest.get(bookmark.mediaId)
			if (!seen || isNewer(bookmark, seen)) newest.set(bookmark.mediaId, bookmark)
		}
		index.newest = newest
	}
	const order = sortedBookmarks(index, sort)
	// Most titles are in one list: then the sorted order is already unique.
	const map = newest
	unique = map.size === order.length ? order : order.filter((b) => map.get(b.mediaId) === b)
	index.unique[sort] = unique
	return unique
}

/**
 * The bookmarks page's list: filtered by list and media type, sorted by date
 * added (newest first), title (A–Z, case- and accent-insensitive) or rating
 * (highest first); missing titles and ratings last, ties newest first. With
 * every list selected, a title in several lists appears once, as its newest
 * addition. The returned records are the stored ones; treat them as read-only.
 */
export function queryBookmarks(bookmarks: readonly Bookmark[], query: BookmarkQuery): Bookmark[] {
	const index = indexFor(bookmarks)
	const type = query.mediaType
	if (query.category === 'all') {
		const unique = uniqueBookmarks(index, query.sort)
		return type === 'all' ? unique.slice() : unique.filter((b) => b.mediaType === type)
	}
	const category = query.category
	return sortedBookmarks(index, query.sort).filter((b) => b.category === category && (type === 'all' || b.mediaType === type))
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
