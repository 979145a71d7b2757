import { describe, expect, it } from 'vitest'
import {
	COMPARE,
	diffBookmarkLists,
	queryBookmarks,
	resetBookmarkQueryCache,
	titleSortKey,
	warmBookmarkIndex,
	type BookmarkQuery,
} from './bookmark-query.ts'
import type { MediaFilter } from '../catalog/media-type.ts'
import { addBookmark, EMPTY_BOOKMARK_STATE, removeBookmark, removeCategoryBookmarks } from './bookmarks.ts'
import type { Bookmark, BookmarkMedia, BookmarkState } from './types.ts'

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
const amelie: BookmarkMedia = { mediaId: 194, mediaType: 'movie', title: 'Amélie', voteAverage: 7.9 }

describe('queryBookmarks (the bookmarks page)', () => {
	let state = addBookmark(EMPTY_BOOKMARK_STATE, dune, 'watchlist', 1000)
	state = addBookmark(state, severance, 'watchlist', 2000)
	state = addBookmark(state, amelie, 'favorites', 3000)
	state = addBookmark(state, dune, 'favorites', 4000)
	state = addBookmark(state, { mediaId: 7, mediaType: 'movie', title: 'zodiac' }, 'watched', 500)
	state = addBookmark(state, { mediaId: 8, mediaType: 'tv', title: '' }, 'watched', 600)
	const bookmarks = state.bookmarks.map((b) => (b.mediaId === 8 ? { ...b, title: undefined } : b))

	it('shows a title in several lists once, by its latest addition', () => {
		const all = queryBookmarks(bookmarks, { sort: 'date-added', mediaType: 'all', category: 'all' })
		expect(all).toHaveLength(5)
		expect(all.find((e) => e.mediaId === dune.mediaId)).toMatchObject({ category: 'favorites', addedAt: 4000 })
	})

	it('sorts by date added, newest first', () => {
		expect(queryBookmarks(bookmarks, { sort: 'date-added', mediaType: 'all', category: 'all' }).map((e) => e.mediaId)).toEqual([
			dune.mediaId,
			amelie.mediaId,
			severance.mediaId,
			8,
			7,
		])
	})

	it('sorts by title A–Z, accent- and case-insensitively, missing titles last', () => {
		expect(queryBookmarks(bookmarks, { sort: 'title', mediaType: 'all', category: 'all' }).map((e) => e.title)).toEqual([
			'Amélie',
			'Dune',
			'Severance',
			'zodiac',
			undefined,
		])
		expect(titleSortKey('Élan')).toBe('elan')
	})

	it('sorts by rating, highest first, unrated last', () => {
		expect(queryBookmarks(bookmarks, { sort: 'rating', mediaType: 'all', category: 'all' }).map((e) => e.mediaId)).toEqual([
			severance.mediaId,
			amelie.mediaId,
			dune.mediaId,
			8,
			7,
		])
	})

	it('filters by media type', () => {
		expect(queryBookmarks(bookmarks, { sort: 'date-added', mediaType: 'movie', category: 'all' }).map((e) => e.mediaId)).toEqual([
			dune.mediaId,
			amelie.mediaId,
			7,
		])
		expect(queryBookmarks(bookmarks, { sort: 'date-added', mediaType: 'tv', category: 'all' }).map((e) => e.mediaId)).toEqual([
			severance.mediaId,
			8,
		])
	})

	it('filters by list, dated by when the title joined that list', () => {
		const watchlist = queryBookmarks(bookmarks, { sort: 'date-added', mediaType: 'all', category: 'watchlist' })
		expect(watchlist.map((e) => [e.mediaId, e.addedAt])).toEqual([
			[severance.mediaId, 2000],
			[dune.mediaId, 1000],
		])
		expect(queryBookmarks(bookmarks, { sort: 'title', mediaType: 'movie', category: 'favorites' }).map((e) => e.title)).toEqual([
			'Amélie',
			'Dune',
		])
		expect(queryBookmarks(bookmarks, { sort: 'title', mediaType: 'tv', category: 'favorites' })).toEqual([])
	})

	it('gives the same answer when a list is derived from the previous one (incremental sort)', () => {
		resetBookmarkQueryCache()
		let current: BookmarkState = { bookmarks, tombstones: [] }
		for (const sort of ['date-added', 'title', 'rating'] as const)
			queryBookmarks(current.bookmarks, { sort, mediaType: 'all', category: 'all' })
		current = addBookmark(current, { mediaId: 99, mediaType: 'movie', title: 'Alien', voteAverage: 9.9 }, 'watchlist', 5000)
		current = removeBookmark(current, severance.mediaId, 'watchlist', 6000)
		for (const sort of ['date-added', 'title', 'rating'] as const) {
			const incremental = queryBookmarks(current.bookmarks, { sort, mediaType: 'all', category: 'all' })
			resetBookmarkQueryCache()
			expect(incremental).toEqual(queryBookmarks(current.bookmarks.slice(), { sort, mediaType: 'all', category: 'all' }))
		}
		expect(queryBookmarks(current.bookmarks, { sort: 'title', mediaType: 'all', category: 'all' }).map((e) => e.title)[0]).toBe('Alien')
	})

	it('stays identical to a full sort over a random run of adds, refreshes and removals', () => {
		resetBookmarkQueryCache()
		let seed = 7
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
		let current: BookmarkState = EMPTY_BOOKMARK_STATE
		const lists = ['watchlist', 'favorites', 'Anime']
		for (let step = 0; step < 400; step++) {
			const id = 1 + Math.floor(random() * 60)
			const list = lists[Math.floor(random() * lists.length)]!
			const media: BookmarkMedia = { mediaId: id, mediaType: id % 2 ? 'movie' : 'tv', title: `T${id % 17}`, voteAverage: (id % 11) / 1.1 }
			current =
				random() < 0.6 ? addBookmark(current, media, list, 1000 + Math.floor(step / 3)) : removeBookmark(current, id, list, 1000 + step)
			const sort = (['date-added', 'title', 'rating'] as const)[step % 3]!
			const query = { sort, mediaType: (['all', 'movie', 'tv'] as const)[step % 2 ? 0 : 1]!, category: step % 4 ? 'all' : list }
			const incremental = queryBookmarks(current.bookmarks, query)
			resetBookmarkQueryCache()
			const fresh = queryBookmarks(current.bookmarks.slice(), query)
			expect(incremental, `step ${step}`).toEqual(fresh)
			queryBookmarks(current.bookmarks, { ...query, sort: 'date-added' })
			queryBookmarks(current.bookmarks, { ...query, sort: 'title' })
			queryBookmarks(current.bookmarks, { ...query, sort: 'rating' })
		}
	})

	it('stays identical to a plain filter-and-sort over a long chain of changes (never reset)', () => {
		resetBookmarkQueryCache()
		const reference = (list: readonly Bookmark[], query: BookmarkQuery) => {
			const sorted = list
				.filter(
					(b) =>
						(query.category === 'all' || b.category === query.category) && (query.mediaType === 'all' || b.mediaType === query.mediaType),
				)
				.sort(COMPARE[query.sort])
			if (query.category !== 'all') return sorted
			const newest = new Map<number, Bookmark>()
			for (const b of list) {
				const seen = newest.get(b.mediaId)
				if (!seen || COMPARE['date-added'](b, seen) < 0) newest.set(b.mediaId, b)
			}
			return sorted.filter((b) => newest.get(b.mediaId) === b)
		}
		for (const start of [11, 23, 101]) {
			let seed = start
			const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
			let current: BookmarkState = EMPTY_BOOKMARK_STATE
			const lists = ['watchlist', 'favorites', 'Anime']
			for (let step = 0; step < 400; step++) {
				const id = 1 + Math.floor(random() * 40)
				const list = lists[Math.floor(random() * lists.length)]!
				const media: BookmarkMedia = { mediaId: id, mediaType: id % 2 ? 'movie' : 'tv', title: `T${id % 13}`, voteAverage: (id % 7) / 0.7 }
				const roll = random()
				current =
					roll < 0.55
						? addBookmark(current, media, list, 1000 + Math.floor(step / 4))
						: roll < 0.95
							? removeBookmark(current, id, list, 1000 + step)
							: removeCategoryBookmarks(current, list, 1000 + step)
				for (const sort of ['date-added', 'title', 'rating'] as const) {
					for (const query of [
						{ sort, mediaType: 'all' as const, category: 'all' },
						{ sort, mediaType: (step % 2 ? 'movie' : 'tv') as MediaFilter, category: step % 3 ? 'all' : list },
					]) {
						expect(queryBookmarks(current.bookmarks, query), `seed ${start} step ${step} ${JSON.stringify(query)}`).toEqual(
							reference(current.bookmarks, query),
						)
					}
				}
			}
		}
	})

	it('sorts from scratch exactly as COMPARE does: tied times, untitled and unrated records, huge or fractional times', () => {
		let seed = 5
		const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
		const times = [() => 1000 + Math.floor(random() * 20), () => Math.floor(random() * 8.64e15), () => 1000 + random()]
		for (const [t, time] of times.entries()) {
			const list: Bookmark[] = Array.from({ length: 300 }, (_, i) => ({
				mediaId: 1 + Math.floor(random() * 120),
				category: ['watchlist', 'favorites', 'Ünïcode list'][i % 3]!,
				addedAt: time(),
				mediaType: random() < 0.5 ? 'movie' : 'tv',
				...(random() < 0.9 ? { title: ['Zebra', 'zebra', 'Éclair', 'eclair', 'The Thing', 'alpha', ''][Math.floor(random() * 7)]! } : {}),
				...(random() < 0.8 ? { voteAverage: Math.floor(random() * 100) / 10 } : {}),
			}))
			for (const sort of ['date-added', 'title', 'rating'] as const) {
				resetBookmarkQueryCache()
				const expected = list.filter((b) => b.category === 'favorites').sort(COMPARE[sort])
				expect(queryBookmarks(list, { sort, mediaType: 'all', category: 'favorites' }), `times ${t} ${sort}`).toEqual(expected)
			}
		}
	})

	it('gives the same answers after warmBookmarkIndex prepared the orders', () => {
		resetBookmarkQueryCache()
		const list = bookmarks.slice()
		warmBookmarkIndex(list)
		const before = queryBookmarks(list, { sort: 'title', mediaType: 'all', category: 'all' })
		resetBookmarkQueryCache()
		expect(queryBookmarks(list.slice(), { sort: 'title', mediaType: 'all', category: 'all' })).toEqual(before)
	})

	it('returns nothing for an empty library', () => {
		expect(queryBookmarks([], { sort: 'title', mediaType: 'all', category: 'all' })).toEqual([])
	})
})

describe('diffBookmarkLists', () => {
	const a = { mediaId: 1, category: 'watchlist', addedAt: 1 }
	const b = { mediaId: 2, category: 'watchlist', addedAt: 2 }
	const c = { mediaId: 3, category: 'watchlist', addedAt: 3 }
	const b2 = { ...b, addedAt: 9 }
	it('finds appended, removed and replaced records', () => {
		expect(diffBookmarkLists([a, b], [a, b, c])).toEqual({ removed: [], added: [c] })
		expect(diffBookmarkLists([a, b, c], [a, c])).toEqual({ removed: [b], added: [] })
		expect(diffBookmarkLists([a, b, c], [a, b2, c])).toEqual({ removed: [b], added: [b2] })
		expect(diffBookmarkLists([a, b, c], [a, b, c])).toEqual({ removed: [], added: [] })
		// Two neighbours removed: c only moved up, it is neither removed nor added.
		expect(diffBookmarkLists([a, b, b2, c], [a, c])).toEqual({ removed: [b, b2], added: [] })
	})
	it('gives up beyond the limit', () => {
		expect(diffBookmarkLists([a, b, c], [c, b, a], 1)).toBeNull()
	})
})
