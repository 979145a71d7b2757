import { describe, expect, it } from 'vitest'
import { mergeBookmarkStates } from '../sync/bookmarks.ts'
import { BookmarkSyncRequestSchema } from '../sync/schemas.ts'
import {
	addBookmark,
	addCustomCategory,
	allCategories,
	bookmarkMembership,
	capBookmarkState,
	categoriesOf,
	EMPTY_BOOKMARK_STATE,
	hasBookmark,
	latestBookmarkChange,
	MAX_TOMBSTONES,
	TOMBSTONE_MAX_AGE_MS,
	normaliseCategoryName,
	removeBookmark,
	removeCategoryBookmarks,
	toggleBookmark,
} from './bookmarks.ts'
import type { BookmarkMedia, BookmarkState } from './types.ts'

const dune: BookmarkMedia = {
	mediaId: 438631,
	mediaType: 'movie',
	title: 'Dune',
	posterPath: '/dune.jpg',
	voteAverage: 7.8,
	releaseDate: '2021-09-15',
}
const severance: BookmarkMedia = {
	mediaId: 95396,
	mediaType: 'tv',
	title: 'Severance',
	posterPath: null,
	voteAverage: 8.4,
	releaseDate: '2022-02-17',
}

describe('addBookmark', () => {
	it('appends a new item to the default list (watchlist) with addedAt', () => {
		const state = addBookmark(EMPTY_BOOKMARK_STATE, dune, undefined, 1000)
		expect(state.bookmarks).toEqual([
			{
				mediaId: 438631,
				category: 'watchlist',
				addedAt: 1000,
				mediaType: 'movie',
				title: 'Dune',
				posterPath: '/dune.jpg',
				voteAverage: 7.8,
				releaseDate: '2021-09-15',
			},
		])
		expect(EMPTY_BOOKMARK_STATE.bookmarks).toEqual([])
	})

	it('appends at the end of the list', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = addBookmark(state, severance, 'watchlist', 2000)
		expect(state.bookmarks.map((b) => b.mediaId)).toEqual([dune.mediaId, severance.mediaId])
	})

	it('only refreshes addedAt when the item is already in that category (position kept, no duplicate)', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = addBookmark(state, severance, 'watchlist', 2000)
		state = addBookmark(state, { ...dune, title: 'Dune: Part One' }, 'watchlist', 3000)
		expect(state.bookmarks).toHaveLength(2)
		expect(state.bookmarks[0]).toMatchObject({ mediaId: dune.mediaId, addedAt: 3000, title: 'Dune' })
	})

	it('keeps the same media in several categories as separate pairs', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = addBookmark(state, dune, 'favorites', 2000)
		expect(categoriesOf(state.bookmarks, dune.mediaId)).toEqual(['watchlist', 'favorites'])
	})

	it('drops the tombstone of a re-added pair and dates the re-add after the removal', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = removeBookmark(state, dune.mediaId, 'watchlist', 5000)
		state = addBookmark(state, dune, 'watchlist', 4000) // clock went back
		expect(state.tombstones).toEqual([])
		expect(state.bookmarks[0]!.addedAt).toBe(5001)
	})

	it('clamps the rating to 0–10', () => {
		const state = addBookmark(EMPTY_BOOKMARK_STATE, { ...dune, voteAverage: 12 }, 'watchlist', 1)
		expect(state.bookmarks[0]!.voteAverage).toBe(10)
	})
})

describe('removeBookmark', () => {
	it('deletes exactly the (mediaId, category) pair and records a tombstone with its time', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = addBookmark(state, dune, 'favorites', 1100)
		state = addBookmark(state, severance, 'watchlist', 1200)
		state = removeBookmark(state, dune.mediaId, 'watchlist', 2000)
		expect(state.bookmarks.map((b) => [b.mediaId, b.category])).toEqual([
			[dune.mediaId, 'favorites'],
			[severance.mediaId, 'watchlist'],
		])
		expect(state.tombstones).toEqual([{ mediaId: dune.mediaId, category: 'watchlist', deletedAt: 2000 }])
	})

	it('returns the same state when the pair is absent', () => {
		const state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		expect(removeBookmark(state, dune.mediaId, 'favorites', 2000)).toBe(state)
	})

	it('keeps one tombstone per pair (the latest)', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = removeBookmark(state, dune.mediaId, 'watchlist', 2000)
		state = addBookmark(state, dune, 'watchlist', 3000)
		state = removeBookmark(state, dune.mediaId, 'watchlist', 4000)
		expect(state.tombstones).toEqual([{ mediaId: dune.mediaId, category: 'watchlist', deletedAt: 4000 }])
	})

	it('never dates a removal before the add it removes', () => {
		const state = removeBookmark(addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 9000), dune.mediaId, 'watchlist', 100)
		expect(state.tombstones[0]!.deletedAt).toBe(9000)
	})

	it(`caps tombstones at ${MAX_TOMBSTONES}, dropping the oldest`, () => {
		const tombstones = Array.from({ length: MAX_TOMBSTONES }, (_, i) => ({ mediaId: i + 1, category: 'watchlist', deletedAt: i + 1 }))
		let state: BookmarkState = { bookmarks: [], tombstones }
		state = addBookmark(state, { ...dune, mediaId: 999_999 }, 'watchlist', 50_000)
		state = removeBookmark(state, 999_999, 'watchlist', 60_000)
		expect(state.tombstones).toHaveLength(MAX_TOMBSTONES)
		expect(state.tombstones.some((t) => t.mediaId === 1)).toBe(false)
		expect(state.tombstones.some((t) => t.mediaId === 999_999)).toBe(true)
	})
})

describe('toggleBookmark', () => {
	it('toggles the default list when no category is given', () => {
		let state = toggleBookmark(EMPTY_BOOKMARK_STATE, dune, undefined, 1000)
		expect(hasBookmark(state.bookmarks, dune.mediaId, 'watchlist')).toBe(true)
		state = toggleBookmark(state, dune, undefined, 2000)
		expect(hasBookmark(state.bookmarks, dune.mediaId)).toBe(false)
		expect(state.tombstones).toHaveLength(1)
	})

	it('toggles the given category only', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = toggleBookmark(state, dune, 'Sci-fi nights', 2000)
		expect(categoriesOf(state.bookmarks, dune.mediaId)).toEqual(['watchlist', 'Sci-fi nights'])
		state = toggleBookmark(state, dune, 'Sci-fi nights', 3000)
		expect(categoriesOf(state.bookmarks, dune.mediaId)).toEqual(['watchlist'])
	})

	it('"in any list" is true while the title is in any category', () => {
		const state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'favorites', 1000)
		expect(hasBookmark(state.bookmarks, dune.mediaId)).toBe(true)
		expect(hasBookmark(state.bookmarks, dune.mediaId, 'watchlist')).toBe(false)
	})
})

describe('categories', () => {
	it('normalises new names: trimmed, inner whitespace collapsed, empty ignored', () => {
		expect(normaliseCategoryName('  Sci-fi   nights  ')).toBe('Sci-fi nights')
		expect(normaliseCategoryName('   ')).toBeNull()
		expect(normaliseCategoryName('')).toBeNull()
	})

	it('ignores empty, default and duplicate (case-insensitive) names', () => {
		const custom = ['Anime']
		expect(addCustomCategory(custom, '  ')).toBe(custom)
		expect(addCustomCategory(custom, 'Watchlist')).toBe(custom)
		expect(addCustomCategory(custom, 'anime')).toBe(custom)
		expect(addCustomCategory(custom, ' Docs ')).toEqual(['Anime', 'Docs'])
	})

	it('lists defaults first (watchlist, watched, favorites), then custom, then categories found in bookmarks', () => {
		const state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'From sync', 1)
		expect(allCategories(state.bookmarks, ['Anime'])).toEqual(['watchlist', 'watched', 'favorites', 'Anime', 'From sync'])
	})

	it('removing a category removes its bookmarks with tombstones', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'Anime', 1)
		state = addBookmark(state, severance, 'Anime', 2)
		state = addBookmark(state, severance, 'watchlist', 3)
		state = removeCategoryBookmarks(state, 'Anime', 10)
		expect(state.bookmarks.map((b) => b.category)).toEqual(['watchlist'])
		expect(state.tombstones).toHaveLength(2)
		expect(removeCategoryBookmarks(state, 'Anime', 11)).toBe(state)
	})

	it('latestBookmarkChange covers adds and removals', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 10)
		expect(latestBookmarkChange(state)).toBe(10)
		state = removeBookmark(state, dune.mediaId, 'watchlist', 20)
		expect(latestBookmarkChange(state)).toBe(20)
		expect(latestBookmarkChange(EMPTY_BOOKMARK_STATE)).toBe(0)
	})

	it('maps each title to every list it is in', () => {
		let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
		state = addBookmark(state, severance, 'watchlist', 2000)
		state = addBookmark(state, dune, 'favorites', 4000)
		expect(bookmarkMembership(state.bookmarks).get(dune.mediaId)).toEqual(['watchlist', 'favorites'])
		expect(bookmarkMembership(state.bookmarks).get(12345)).toBeUndefined()
	})
})

describe('capBookmarkState', () => {
	const tomb = (mediaId: number, deletedAt: number) => ({ mediaId, category: 'watchlist', deletedAt })

	it('keeps the newest MAX_TOMBSTONES of a merge that brought back a dropped removal (the 10,001 break)', () => {
		const device = { bookmarks: [], tombstones: Array.from({ length: MAX_TOMBSTONES }, (_, i) => tomb(2 + i, 1001 + i)) }
		const account = { bookmarks: [], tombstones: [tomb(1, 1000), ...device.tombstones] }
		const merged = mergeBookmarkStates(account, device)
		expect(merged.tombstones).toHaveLength(MAX_TOMBSTONES + 1)
		const capped = capBookmarkState(merged)
		expect(capped.tombstones).toHaveLength(MAX_TOMBSTONES)
		expect(capped.tombstones.some((t) => t.mediaId === 1)).toBe(false)
		expect(BookmarkSyncRequestSchema.safeParse(capped).success).toBe(true)
	})

	it('drops removals older than TOMBSTONE_MAX_AGE_MS before the latest change; same object when nothing goes', () => {
		const state = {
			bookmarks: [{ mediaId: 9, category: 'watchlist', addedAt: 100 + TOMBSTONE_MAX_AGE_MS }],
			tombstones: [tomb(1, 99), tomb(2, 100)],
		}
		expect(capBookmarkState(state).tombstones).toEqual([tomb(2, 100)])
		const young = { bookmarks: [], tombstones: [tomb(1, 5), tomb(2, 6)] }
		expect(capBookmarkState(young)).toBe(young)
	})
})
