import { describe, expect, it } from 'vitest'
import { buildLibraryFile, libraryFileName, mergeLibraryFile, parseLibraryFile, type LibraryContents } from './library-file.ts'

const contents: LibraryContents = {
	bookmarks: {
		bookmarks: [
			{ mediaId: 1, category: 'watchlist', addedAt: 10, mediaType: 'movie', title: 'One' },
			{ mediaId: 2, category: 'Anime', addedAt: 20, mediaType: 'tv', title: 'Two' },
		],
		tombstones: [{ mediaId: 3, category: 'watchlist', deletedAt: 30 }],
	},
	categories: ['Anime'],
	watchHistory: { '1': { type: 'movie', title: 'One', updatedAt: 40, progress: { watched: 1, duration: 2 } } },
}

describe('library file', () => {
	it('round-trips an export through parse', () => {
		const file = buildLibraryFile(contents, Date.UTC(2026, 0, 2))
		expect(file).toMatchObject({ kind: 'willow-library', version: 1, exportedAt: '2026-01-02T00:00:00.000Z', categories: ['Anime'] })
		const parsed = parseLibraryFile(JSON.stringify(file))
		expect(parsed).toEqual({ ok: true, file })
		expect(libraryFileName(Date.UTC(2026, 0, 2))).toBe('willow-library-2026-01-02.json')
	})

	it('refuses bad files with a clear error', () => {
		expect(parseLibraryFile('{nope')).toEqual({
			ok: false,
			error: 'This file is not valid JSON. Choose a library file exported from Willow.',
		})
		expect(parseLibraryFile('[1,2]')).toEqual({ ok: false, error: 'This file is not a Willow library export.' })
		expect(parseLibraryFile(JSON.stringify({ kind: 'willow-library', version: 2, bookmarks: [] }))).toMatchObject({
			ok: false,
			error: expect.stringContaining('version'),
		})
		const badBookmark = parseLibraryFile(
			JSON.stringify({ kind: 'willow-library', version: 1, bookmarks: [{ mediaId: 'x', category: 'watchlist', addedAt: 1 }] }),
		)
		expect(badBookmark).toMatchObject({ ok: false, error: expect.stringContaining('bookmarks.0.mediaId') })
		const badHistory = parseLibraryFile(
			JSON.stringify({ kind: 'willow-library', version: 1, bookmarks: [], watchHistory: { '5': { type: 'boat' } } }),
		)
		expect(badHistory).toMatchObject({ ok: false, error: expect.stringContaining('watchHistory.5') })
	})

	it('merges: adds missing pairs, keeps later addedAt, revives removed pairs after their removal, unions categories and history', () => {
		const parsed = parseLibraryFile(
			JSON.stringify({
				kind: 'willow-library',
				version: 1,
				bookmarks: [
					{ mediaId: 1, category: 'watchlist', addedAt: 5, title: 'Older copy' },
					{ mediaId: 2, category: 'Anime', addedAt: 25, title: 'Two (newer)' },
					{ mediaId: 3, category: 'watchlist', addedAt: 15 },
					{ mediaId: 4, category: 'Docs', addedAt: 16 },
				],
				categories: ['Docs', 'anime', 'watchlist'],
				watchHistory: {
					'1': { type: 'movie', title: 'One', updatedAt: 50, progress: { watched: 2, duration: 2 } },
					'9': { type: 'movie', title: 'Nine', updatedAt: 1 },
				},
			}),
		)
		if (!parsed.ok) throw new Error(parsed.error)
		const { contents: merged, summary } = mergeLibraryFile(contents, parsed.file)
		expect(summary).toEqual({ bookmarksAdded: 2, historyItems: 2 })
		expect(merged.bookmarks.bookmarks.map((b) => [b.mediaId, b.category, b.addedAt, b.title])).toEqual([
			[1, 'watchlist', 10, 'One'],
			[2, 'Anime', 25, 'Two (newer)'],
			[3, 'watchlist', 31, undefined],
			[4, 'Docs', 16, undefined],
		])
		expect(merged.bookmarks.tombstones).toEqual([])
		expect(merged.categories).toEqual(['Anime', 'Docs'])
		expect(merged.watchHistory['1']!.updatedAt).toBe(50)
		expect(Object.keys(merged.watchHistory)).toEqual(['1', '9'])
	})
})
