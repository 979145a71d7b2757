import type { MediaFilter } from '../catalog/media-type.ts'
import type { Bookmark } from './types.ts'

// The bookmarks page's list (product.md §2): filter by list and media type, sort by
// date added, title or rating. An index of sorted orders follows the device's
// list from one change to the next, so large libraries answer at once.

export const BOOKMARK_SORTS = ['date-added', 'title', 'rating'] as const
export type BookmarkSort = (typeof BOOKMARK_SORTS)[number]

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

const newestFirst = (a: Bookmark, b: Bookmark) =>
	b.addedAt - a.addedAt || a.mediaId - b.mediaId || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0)
/** The page's orderings (exported for tests). */
export const COMPARE: Record<BookmarkSort, (a: Bookmark, b: Bookmark) => number> = {
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
export function diffBookmarkLists(
	previous: readonly Bookmark[],
	next: readonly Bookmark[],
	limit = 64,
): { removed: Bookmark[]; added: Bookmark[] } | null {
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
	if (removed.length + added.length > limit) return null
	// A record can look removed and added when its neighbours went (it only moved): it is unchanged.
	const moved = removed.filter((b) => added.includes(b))
	if (moved.length === 0) return { removed, added }
	return { removed: removed.filter((b) => !moved.includes(b)), added: added.filter((b) => !moved.includes(b)) }
}

interface ListIndex {
	source: readonly Bookmark[]
	orders: Partial<Record<BookmarkSort, Bookmark[]>>
	/** Per sort, the order with one record per title (its newest). */
	unique: Partial<Record<BookmarkSort, Bookmark[]>>
	newest?: Map<number, Bookmark>
	/** Answers already given for this list, by query. */
	results: Map<string, Bookmark[]>
}

// The index of the latest list. A new list (one change later) is derived from
// it: removed records are dropped from each sorted order and new ones are
// inserted by binary search, so a click never resorts 10,000 bookmarks.
let current: ListIndex | undefined

/** Forgets cached answers ('results') or everything, sorted orders included ('all'); for tests and benchmarks. */
export function resetBookmarkQueryCache(what: 'all' | 'results' = 'all') {
	if (what === 'results') current?.results.clear()
	else current = undefined
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

/** The list without the given records; pointer comparisons only, so no record is read. */
function without(list: readonly Bookmark[], removed: readonly Bookmark[]): Bookmark[] {
	if (removed.length > 8) {
		const drop = new Set(removed)
		return list.filter((b) => !drop.has(b))
	}
	const out = list.slice()
	for (const bookmark of removed) {
		const at = out.indexOf(bookmark)
		if (at >= 0) out.splice(at, 1)
	}
	return out
}

function indexFor(bookmarks: readonly Bookmark[]): ListIndex {
	if (current?.source === bookmarks) return current
	const previous = current
	const next: ListIndex = { source: bookmarks, orders: {}, unique: {}, results: new Map() }
	const diff = previous ? diffBookmarkLists(previous.source, bookmarks) : null
	if (previous && diff) {
		for (const sort of BOOKMARK_SORTS) {
			const old = previous.orders[sort]
			if (!old) continue
			const order = without(old, diff.removed)
			for (const bookmark of diff.added) insertSorted(order, bookmark, COMPARE[sort])
			if (order.length === bookmarks.length) next.orders[sort] = order
		}
		// The newest-copy map moves to the new index and is patched in place;
		// `was` keeps each touched title's previous newest copy.
		const newest = previous.newest
		const newestBefore = new Map<number, Bookmark | undefined>()
		if (newest) {
			previous.newest = undefined
			const was = newestBefore
			for (const bookmark of [...diff.removed, ...diff.added])
				if (!was.has(bookmark.mediaId)) was.set(bookmark.mediaId, newest.get(bookmark.mediaId))
			const stale = new Set<number>()
			for (const bookmark of diff.removed) if (newest.get(bookmark.mediaId) === bookmark) stale.add(bookmark.mediaId)
			for (const id of stale) newest.delete(id)
			for (const bookmark of diff.added) {
				const seen = newest.get(bookmark.mediaId)
				if (!seen || isNewer(bookmark, seen)) newest.set(bookmark.mediaId, bookmark)
			}
			if (stale.size > 0) {
				for (const bookmark of bookmarks) {
					if (!stale.has(bookmark.mediaId)) continue
					const seen = newest.get(bookmark.mediaId)
					if (!seen || isNewer(bookmark, seen)) newest.set(bookmark.mediaId, bookmark)
				}
			}
			next.newest = newest
			// One record per title: replace the touched titles' records in each known order.
			for (const sort of BOOKMARK_SORTS) {
				const order = next.orders[sort]
				const oldUnique = previous.unique[sort]
				if (!order || !oldUnique) continue
				if (newest.size === order.length) {
					next.unique[sort] = order
					continue
				}
				const unique = oldUnique.slice()
				for (const [id, before] of was) {
					const after = newest.get(id)
					if (before === after) continue
					if (before) {
						const at = unique.indexOf(before)
						if (at >= 0) unique.splice(at, 1)
					}
					if (after) insertSorted(unique, after, COMPARE[sort])
				}
				if (unique.length === newest.size) next.unique[sort] = unique
			}
		}
		// Answers already given are patched the same way: records that left are
		// dropped, records that now qualify are inserted in order.
		for (const [key, answer] of previous.results) {
			const [sort, type, category] = key.split('\u0000') as [BookmarkSort, MediaFilter, string]
			if (!next.orders[sort]) continue
			const fits = (b: Bookmark) => type === 'all' || b.mediaType === type
			let leaving: Bookmark[]
			let entering: Bookmark[]
			if (category === 'all') {
				if (!next.newest || !next.unique[sort]) continue
				leaving = [...diff.removed]
				entering = []
				const seen = new Set<number>()
				for (const bookmark of [...diff.removed, ...diff.added]) {
					const id = bookmark.mediaId
					if (seen.has(id)) continue
					seen.add(id)
					const before = newestBefore.get(id)
					const after = next.newest.get(id)
					if (before === after) continue
					if (before) leaving.push(before)
					if (after && fits(after)) entering.push(after)
				}
			} else {
				leaving = diff.removed
				entering = diff.added.filter((b) => b.category === category && fits(b))
			}
			const patched = without(answer, leaving)
			for (const bookmark of entering) insertSorted(patched, bookmark, COMPARE[sort])
			next.results.set(key, patched)
		}
	}
	current = next
	return next
}

/**
 * A full sort in the order COMPARE defines, without a JavaScript comparator
 * in the hot path: each record gets an integer key (its rank by the sort's
 * field, then its rank by date added) and a Float64Array of `key * n + i` is
 * sorted natively. Keys are exact integers below 2^53, so the order is the
 * comparator's; the rare equal `addedAt` values are settled by COMPARE.
 */
function sortFully(list: readonly Bookmark[], sort: BookmarkSort): Bookmark[] {
	const n = list.length
	if (n < 2) return list.slice()
	const byDate = newestFirstOrder(list)
	if (sort === 'date-added') return byDate
	if (sort === 'title') {
		// Keys computed here, not through the per-record cache: storing 10,000 entries costs more than it saves.
		const titles = byDate.map((b) => titleKeys.get(b) ?? (b.title ? titleSortKey(b.title) : null))
		// Ties (and untitled records, last) keep their date order: compare positions.
		const order = new Uint32Array(n)
		for (let r = 0; r < n; r++) order[r] = r
		order.sort((a, b) => {
			const left = titles[a]!
			const right = titles[b]!
			if (left === right) return a - b
			if (left === null) return 1
			if (right === null) return -1
			return left < right ? -1 : 1
		})
		const out: Bookmark[] = new Array(n)
		for (let k = 0; k < n; k++) out[k] = byDate[order[k]!]!
		return out
	}
	const ranks = ratingRanks(byDate)
	const keys = new Float64Array(n)
	for (let r = 0; r < n; r++) keys[r] = ranks[r]! * n + r
	keys.sort()
	const out: Bookmark[] = new Array(n)
	for (let k = 0; k < n; k++) out[k] = byDate[keys[k]! % n]!
	return out
}

/** Newest first: native sort on `(newest - addedAt) * n + i`, ties on addedAt settled by the full comparator. */
function newestFirstOrder(list: readonly Bookmark[]): Bookmark[] {
	const n = list.length
	const added = new Float64Array(n)
	let newest = -Infinity
	let oldest = Infinity
	let integers = true
	for (let i = 0; i < n; i++) {
		const time = list[i]!.addedAt
		added[i] = time
		if (time > newest) newest = time
		if (time < oldest) oldest = time
		if (!Number.isInteger(time)) integers = false
	}
	// Times too far apart for exact keys (or not integers): fall back to the comparator.
	if (!integers || !Number.isSafeInteger((newest - oldest + 1) * n)) return list.slice().sort(newestFirst)
	const keys = new Float64Array(n)
	for (let i = 0; i < n; i++) keys[i] = (newest - added[i]!) * n + i
	keys.sort()
	const out: Bookmark[] = new Array(n)
	let tied = false
	for (let k = 0; k < n; k++) {
		const key = keys[k]!
		out[k] = list[key % n]!
		if (k > 0 && Math.floor(key / n) === Math.floor(keys[k - 1]! / n)) tied = true
	}
	if (!tied) return out
	// Equal times keep list order above; COMPARE orders them by id, then list.
	for (let start = 0; start < n;) {
		let end = start + 1
		while (end < n && out[end]!.addedAt === out[start]!.addedAt) end++
		if (end - start > 1) {
			const run = out.slice(start, end).sort(newestFirst)
			for (let k = 0; k < run.length; k++) out[start + k] = run[k]!
		}
		start = end
	}
	return out
}

/** Per record (in the given order), the rank of its rating: highest first, unrated last. */
function ratingRanks(list: readonly Bookmark[]): Uint32Array {
	const n = list.length
	const ratings = new Float64Array(n)
	for (let i = 0; i < n; i++) ratings[i] = -(list[i]!.voteAverage ?? -1)
	// The few distinct ratings, ascending (so highest rating first); a rank is a binary search.
	const distinct = Float64Array.from(new Set(ratings)).sort()
	const ranks = new Uint32Array(n)
	for (let i = 0; i < n; i++) {
		const value = ratings[i]!
		let low = 0
		let high = distinct.length - 1
		while (low < high) {
			const mid = (low + high) >>> 1
			if (distinct[mid]! < value) low = mid + 1
			else high = mid
		}
		ranks[i] = low
	}
	return ranks
}

function sortedBookmarks(index: ListIndex, sort: BookmarkSort): Bookmark[] {
	let order = index.orders[sort]
	if (!order) index.orders[sort] = order = sortFully(index.source, sort)
	return order
}

function uniqueBookmarks(index: ListIndex, sort: BookmarkSort): Bookmark[] {
	let unique = index.unique[sort]
	if (unique) return unique
	let newest = index.newest
	if (!newest) {
		// In date-added order a title's first record is its newest: no comparisons needed.
		newest = new Map()
		for (const bookmark of sortedBookmarks(index, 'date-added')) if (!newest.has(bookmark.mediaId)) newest.set(bookmark.mediaId, bookmark)
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
 * addition. The answer (and its records) is shared between calls with the
 * same list and query: treat it as read-only.
 */
export function queryBookmarks(bookmarks: readonly Bookmark[], query: BookmarkQuery): readonly Bookmark[] {
	const index = indexFor(bookmarks)
	const key = `${query.sort}\u0000${query.mediaType}\u0000${query.category}`
	let result = index.results.get(key)
	if (!result) {
		result = filterBookmarks(index, query)
		index.results.set(key, result)
	}
	return result
}

function filterBookmarks(index: ListIndex, query: BookmarkQuery): Bookmark[] {
	const type = query.mediaType
	if (query.category === 'all') {
		const unique = uniqueBookmarks(index, query.sort)
		return type === 'all' ? unique : unique.filter((b) => b.mediaType === type)
	}
	const category = query.category
	return sortedBookmarks(index, query.sort).filter((b) => b.category === category && (type === 'all' || b.mediaType === type))
}

/**
 * Builds every sorted order of the list ahead of need (the bookmarks page
 * calls it when the browser is idle), so a visitor's first change of sort is
 * answered from the index instead of sorting from scratch.
 */
export function warmBookmarkIndex(bookmarks: readonly Bookmark[]) {
	const index = indexFor(bookmarks)
	for (const sort of BOOKMARK_SORTS) uniqueBookmarks(index, sort)
}
