import { DEFAULT_BOOKMARK_CATEGORIES, DEFAULT_BOOKMARK_CATEGORY, type Bookmark, type BookmarkMedia, type BookmarkState, type BookmarkTombstone, type MediaType } from './types.ts'

// Pure bookmark operations (spec §4): state in, state out, the time passed in.
// The device store and the account sync both build on these.

/** Tombstones kept at most (the sync accepts this many per request); the oldest go first. */
export const MAX_TOMBSTONES = 10_000

export const EMPTY_BOOKMARK_STATE: BookmarkState = Object.freeze({ bookmarks: [], tombstones: [] }) as BookmarkState

export function isDefaultCategory(category: string) {
	return (DEFAULT_BOOKMARK_CATEGORIES as readonly string[]).includes(category)
}

function findIndex(list: Array<{ mediaId: number; category: string }>, mediaId: number, category: string) {
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
	const tombstoneIndex = findIndex(state.tombstones, media.mediaId, category)
	const after = tombstoneIndex >= 0 ? state.tombstones[tombstoneIndex]!.deletedAt + 1 : 0
	const tombstones = tombstoneIndex >= 0 ? state.tombstones.filter((_, i) => i !== tombstoneIndex) : state.tombstones
	const index = findIndex(state.bookmarks, media.mediaId, category)
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
	const index = findIndex(state.bookmarks, mediaId, category)
	if (index < 0) return state
	const removed = state.bookmarks[index]!
	const bookmarks = state.bookmarks.filter((_, i) => i !== index)
	const tombstone: BookmarkTombstone = { mediaId, category, deletedAt: Math.max(now, removed.addedAt) }
	return { bookmarks, tombstones: withTombstones(state.tombstones, [tombstone]) }
}

/** Adds when absent, removes when present. */
export function toggleBookmark(state: BookmarkState, media: BookmarkMedia, category: string = DEFAULT_BOOKMARK_CATEGORY, now: number = Date.now()): BookmarkState {
	return hasBookmark(state.bookmarks, media.mediaId, category) ? removeBookmark(state, media.mediaId, category, now) : addBookmark(state, media, category, now)
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
	const replaced = new Set(added.map((t) => `${t.mediaId}\u0000${t.category}`))
	const out = existing.filter((t) => !replaced.has(`${t.mediaId}\u0000${t.category}`)).concat(added)
	if (out.length <= MAX_TOMBSTONES) return out
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

// ---- The bookmarks page: group, filter, sort ----

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

/** One title on the bookmarks page with every list it is in. */
export interface BookmarkEntry {
	mediaId: number
	mediaType?: MediaType
	title?: string
	posterPath?: string | null
	voteAverage?: number
	releaseDate?: string
	/** The latest addedAt over its lists (or of the selected list). */
	addedAt: number
	categories: string[]
}

/** Groups bookmarks by title (one entry per mediaId, display fields from the newest copy that has them). */
export function groupBookmarks(bookmarks: readonly Bookmark[]): BookmarkEntry[] {
	const byId = new Map<number, BookmarkEntry>()
	for (const bookmark of bookmarks) {
		const entry = byId.get(bookmark.mediaId)
		if (!entry) {
			byId.set(bookmark.mediaId, {
				mediaId: bookmark.mediaId,
				mediaType: bookmark.mediaType,
				title: bookmark.title,
				posterPath: bookmark.posterPath,
				voteAverage: bookmark.voteAverage,
				releaseDate: bookmark.releaseDate,
				addedAt: bookmark.addedAt,
				categories: [bookmark.category],
			})
			continue
		}
		entry.categories.push(bookmark.category)
		const newer = bookmark.addedAt > entry.addedAt
		if (newer) entry.addedAt = bookmark.addedAt
		entry.mediaType ??= bookmark.mediaType
		if (bookmark.title !== undefined && (newer || entry.title === undefined)) entry.title = bookmark.title
		if (bookmark.posterPath != null && (newer || entry.posterPath == null)) entry.posterPath = bookmark.posterPath
		if (bookmark.voteAverage !== undefined && (newer || entry.voteAverage === undefined)) entry.voteAverage = bookmark.voteAverage
		if (bookmark.releaseDate !== undefined && (newer || entry.releaseDate === undefined)) entry.releaseDate = bookmark.releaseDate
	}
	return [...byId.values()]
}

/** A sort key for titles: lowercase, accents removed, so plain comparison orders A–Z. */
export function titleSortKey(title: string) {
	const lower = title.toLowerCase()
	// eslint-disable-next-line no-control-regex
	return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower
}

interface BookmarkIndex {
	entries: BookmarkEntry[]
	/** Each title's addedAt per list. */
	addedAtIn: Map<number, Map<string, number>>
	orders: Partial<Record<BookmarkSort, BookmarkEntry[]>>
}

// One index per bookmark list (lists are immutable: every change makes a new
// one), so changing the page's sort or filter never regroups or resorts.
const indexes = new WeakMap<readonly Bookmark[], BookmarkIndex>()

function indexFor(bookmarks: readonly Bookmark[]): BookmarkIndex {
	let index = indexes.get(bookmarks)
	if (!index) {
		const addedAtIn = new Map<number, Map<string, number>>()
		for (const bookmark of bookmarks) {
			let lists = addedAtIn.get(bookmark.mediaId)
			if (!lists) addedAtIn.set(bookmark.mediaId, (lists = new Map()))
			lists.set(bookmark.category, bookmark.addedAt)
		}
		index = { entries: groupBookmarks(bookmarks), addedAtIn, orders: {} }
		indexes.set(bookmarks, index)
	}
	return index
}

const newestFirst = (a: BookmarkEntry, b: BookmarkEntry) => b.addedAt - a.addedAt || a.mediaId - b.mediaId

function sortedEntries(index: BookmarkIndex, sort: BookmarkSort): BookmarkEntry[] {
	const cached = index.orders[sort]
	if (cached) return cached
	let order: BookmarkEntry[]
	if (sort === 'title') {
		const keyed = index.entries.map((entry) => ({ entry, key: entry.title === undefined ? undefined : titleSortKey(entry.title) }))
		keyed.sort((a, b) => {
			if (a.key === undefined || b.key === undefined) return a.key === b.key ? newestFirst(a.entry, b.entry) : a.key === undefined ? 1 : -1
			return a.key < b.key ? -1 : a.key > b.key ? 1 : newestFirst(a.entry, b.entry)
		})
		order = keyed.map((k) => k.entry)
	} else if (sort === 'rating') {
		order = index.entries.slice().sort((a, b) => (b.voteAverage ?? -1) - (a.voteAverage ?? -1) || newestFirst(a, b))
	} else {
		order = index.entries.slice().sort(newestFirst)
	}
	index.orders[sort] = order
	return order
}

/**
 * The bookmarks page's list: one entry per title, filtered by list and media
 * type, sorted by date added (newest first), title (A–Z) or rating (highest
 * first). Missing titles and ratings sort last; ties fall back to newest.
 * In a single list, addedAt is the time the title was added to that list.
 * The returned entries are shared; treat them as read-only.
 */
export function queryBookmarks(bookmarks: readonly Bookmark[], query: BookmarkQuery): BookmarkEntry[] {
	const index = indexFor(bookmarks)
	const type = query.mediaType
	if (query.category === 'all') {
		const order = sortedEntries(index, query.sort)
		return type === 'all' ? order.slice() : order.filter((e) => e.mediaType === type)
	}
	const category = query.category
	const source = query.sort === 'date-added' ? index.entries : sortedEntries(index, query.sort)
	const out: BookmarkEntry[] = []
	for (const entry of source) {
		if (type !== 'all' && entry.mediaType !== type) continue
		const addedAt = index.addedAtIn.get(entry.mediaId)?.get(category)
		if (addedAt !== undefined) out.push({ ...entry, addedAt })
	}
	return query.sort === 'date-added' ? out.sort(newestFirst) : out
}
