import { describe, expect, it } from 'vitest'
import { convertLegacyBookmarks, isBadBookmarkData, LegacyBookmarkError, mergeMigratedBookmarks, stripLegacyHistory } from './migrate.ts'

describe('isBadBookmarkData', () => {
	it('flags anything that is not a list', () => {
		expect(isBadBookmarkData({ a: 1 })).toBe(true)
		expect(isBadBookmarkData('oops')).toBe(true)
		expect(isBadBookmarkData(null)).toBe(true)
		expect(isBadBookmarkData(42)).toBe(true)
		expect(isBadBookmarkData([])).toBe(false)
		expect(isBadBookmarkData([{ mediaId: 1 }])).toBe(false)
	})
})

describe('convertLegacyBookmarks', () => {
	it('turns an object keyed by item (data.id, info.addedAt) into watchlist bookmarks', () => {
		const legacy = {
			'movie-438631': {
				data: { id: 438631, title: 'Dune', poster_path: '/dune.jpg', vote_average: 7.8, release_date: '2021-09-15' },
				info: { addedAt: 1_700_000_000_000 },
			},
			'tv-95396': { data: { id: 95396, name: 'Severance', media_type: 'tv' }, info: { addedAt: '2024-01-02T00:00:00.000Z' } },
		}
		expect(convertLegacyBookmarks(legacy, 5)).toEqual([
			{
				mediaId: 438631,
				category: 'watchlist',
				addedAt: 1_700_000_000_000,
				title: 'Dune',
				mediaType: 'movie',
				posterPath: '/dune.jpg',
				voteAverage: 7.8,
				releaseDate: '2021-09-15',
			},
			{ mediaId: 95396, category: 'watchlist', addedAt: Date.parse('2024-01-02T00:00:00.000Z'), title: 'Severance', mediaType: 'tv' },
		])
	})

	it('reads seconds as seconds, falls back to now, and skips entries without an id', () => {
		const legacy = {
			a: { data: { id: 1 }, info: { addedAt: 1_700_000_000 } },
			b: { data: { id: '2' }, info: {} },
			c: { data: {} },
			d: 'junk',
			e: { data: { id: -3 } },
		}
		expect(convertLegacyBookmarks(legacy, 99).map((b) => [b.mediaId, b.addedAt])).toEqual([
			[2, 99],
			[1, 1_700_000_000_000],
		])
	})

	it('throws on a value that is not an object', () => {
		expect(() => convertLegacyBookmarks([1, 2], 1)).toThrow(LegacyBookmarkError)
		expect(() => convertLegacyBookmarks('x', 1)).toThrow(LegacyBookmarkError)
	})

	it('merges without duplicating pairs already stored', () => {
		const existing = [{ mediaId: 1, category: 'watchlist', addedAt: 5 }]
		const merged = mergeMigratedBookmarks(existing, [
			{ mediaId: 1, category: 'watchlist', addedAt: 1 },
			{ mediaId: 2, category: 'watchlist', addedAt: 2 },
		])
		expect(merged).toEqual([existing[0], { mediaId: 2, category: 'watchlist', addedAt: 2 }])
	})
})

describe('stripLegacyHistory', () => {
	it('removes poster, seasons and movie episodes, keeping everything else', () => {
		const legacy = {
			'438631': {
				type: 'movie',
				title: 'Dune',
				year: 2021,
				updatedAt: 10,
				poster: '/dune.jpg',
				seasons: [],
				episodes: { s1e1: {} },
				progress: { watched: 5, duration: 10 },
			},
			'95396': {
				type: 'show',
				title: 'Severance',
				updatedAt: 20,
				poster: 'https://example.org/p.jpg',
				seasons: [{ id: 1 }],
				episodes: { s1e2: { id: 12, number: 2, title: 'Half Loop', seasonId: 101, updatedAt: 20, progress: { watched: 1, duration: 2 } } },
			},
		}
		expect(stripLegacyHistory(legacy)).toEqual({
			'438631': {
				type: 'movie',
				title: 'Dune',
				year: 2021,
				updatedAt: 10,
				posterPath: '/dune.jpg',
				progress: { watched: 5, duration: 10 },
			},
			'95396': {
				type: 'show',
				title: 'Severance',
				updatedAt: 20,
				episodes: {
					s1e2: { id: 12, number: 2, title: 'Half Loop', seasonId: 101, season: 1, updatedAt: 20, progress: { watched: 1, duration: 2 } },
				},
			},
		})
	})

	it('returns an empty history for non-objects and drops invalid items', () => {
		expect(stripLegacyHistory('x')).toEqual({})
		expect(stripLegacyHistory({ abc: { type: 'movie', title: 'X', updatedAt: 1 }, '5': { type: 'boat' } })).toEqual({})
	})
})
