import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { buildLibraryCsv, LIBRARY_CSV_COLUMNS, libraryCsvFileName, libraryCsvRows } from './library-csv.ts'
import type { LibraryContents } from './library-file.ts'

const T = Date.UTC(2026, 0, 2, 3, 4, 5)

const contents: Pick<LibraryContents, 'bookmarks' | 'watchHistory'> = {
	bookmarks: {
		bookmarks: [
			{ mediaId: 550, category: 'watchlist', addedAt: T, mediaType: 'movie', title: 'Fight Club', releaseDate: '1999-10-15' },
			{ mediaId: 1399, category: 'Anime, "best"', addedAt: T + 1, mediaType: 'tv', title: 'Game of Thrones' },
			{ mediaId: 7, category: 'favorites', addedAt: T + 2, title: '=HYPERLINK("http://evil.example","x")' },
		],
		tombstones: [{ mediaId: 3, category: 'watchlist', deletedAt: T }],
	},
	watchHistory: {
		'550': { type: 'movie', title: 'Fight Club', year: 1999, updatedAt: T + 10, progress: { watched: 4200.4, duration: 8340 } },
		'1399': {
			type: 'show',
			title: 'Game of Thrones',
			updatedAt: T + 20,
			episodes: {
				s1e2: {
					id: 2,
					number: 2,
					title: 'The Kingsroad',
					seasonId: 1,
					season: 1,
					updatedAt: T + 20,
					progress: { watched: 3000, duration: 3000 },
				},
				s1e1: {
					id: 1,
					number: 1,
					title: '+Winter Is Coming',
					seasonId: 1,
					season: 1,
					updatedAt: T + 15,
					progress: { watched: 10, duration: 0 },
				},
			},
		},
		// Removed and not watched since: not exported.
		'99': { type: 'movie', title: 'Gone', updatedAt: T, removedAt: T },
	},
}

describe('library CSV', () => {
	it('has one row per bookmark and per watched movie or episode, history newest first', () => {
		const rows = libraryCsvRows(contents)
		expect(rows.map((r) => [r.record, r.tmdb_id, r.list ?? r.episode ?? ''])).toEqual([
			['bookmark', 1399, 'Anime, "best"'],
			['bookmark', 7, 'Favorites'],
			['bookmark', 550, 'Watchlist'],
			['history', 1399, 1],
			['history', 1399, 2],
			['history', 550, ''],
		])
		expect(rows[5]).toMatchObject({
			media_type: 'movie',
			year: 1999,
			watched_seconds: 4200,
			duration_seconds: 8340,
			progress_percent: 50,
			date: '2026-01-02T03:04:05.010Z',
		})
		expect(rows[3]).toMatchObject({ media_type: 'tv', season: 1, episode_title: '+Winter Is Coming', progress_percent: '' })
		expect(rows[2]).toMatchObject({ year: '1999', date: '2026-01-02T03:04:05.000Z' })
	})

	it('writes a header, quotes what needs quoting and escapes formula-leading cells', () => {
		const text = buildLibraryCsv(contents)
		expect(text.startsWith('\uFEFFrecord,tmdb_id,media_type,')).toBe(true)
		expect(text).toContain('\r\n')
		const parsed = parse(text, { bom: true, columns: true }) as Array<Record<string, string>>
		expect(Object.keys(parsed[0]!)).toEqual([...LIBRARY_CSV_COLUMNS])
		expect(parsed).toHaveLength(6)
		expect(parsed[0]!.list).toBe('Anime, "best"')
		expect(parsed[1]!.title).toBe('\'=HYPERLINK("http://evil.example","x")')
		expect(parsed[3]!.episode_title).toBe("'+Winter Is Coming")
		expect(parsed[5]!.watched_seconds).toBe('4200')
	})

	it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\uFF1D1'])('never starts a text cell with a formula character (%j)', (title) => {
		const text = buildLibraryCsv({
			bookmarks: { bookmarks: [{ mediaId: 1, category: 'watchlist', addedAt: T, title }], tombstones: [] },
			watchHistory: {},
		})
		const [row] = parse(text, { bom: true, columns: true }) as Array<Record<string, string>>
		expect(row!.title).toBe(`'${title}`)
	})

	it('writes only the header for an empty library, and names the file by date', () => {
		expect(buildLibraryCsv({ bookmarks: { bookmarks: [], tombstones: [] }, watchHistory: {} })).toBe(
			`\uFEFF${LIBRARY_CSV_COLUMNS.join(',')}\r\n`,
		)
		expect(libraryCsvFileName(T)).toBe('willow-library-2026-01-02.csv')
	})
})
