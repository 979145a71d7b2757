import { describe, expect, it } from 'vitest'
import { planImport, type MatchedImportRow } from './import-plan.ts'

const film = (id: number, title: string) => ({ id, mediaType: 'movie' as const, title, year: 1999, posterPath: null })
const row = (
	origin: string,
	list: 'watchlist' | 'watched',
	match: MatchedImportRow['match'],
	extra: Partial<MatchedImportRow> = {},
): MatchedImportRow => ({ origin, list, at: 1_000, match, ...extra })
const empty = { bookmarks: { bookmarks: [], tombstones: [] }, history: {} }

describe('planImport', () => {
	it('puts the watchlist in the Watchlist, and films seen in Watched and the history as finished', () => {
		const plan = planImport([row('a', 'watchlist', film(550, 'Fight Club')), row('b', 'watched', film(603, 'The Matrix'))], empty, 5_000)
		expect(plan.bookmarks.map((b) => [b.mediaId, b.category, b.addedAt])).toEqual([
			[550, 'watchlist', 1_000],
			[603, 'watched', 1_000],
		])
		expect(plan.history['603']).toMatchObject({ type: 'movie', title: 'The Matrix', progress: { watched: 1, duration: 1 } })
		expect(plan.duplicates).toEqual([])
	})

	it('leaves out what the library already has, and repeats within the files, as duplicates', () => {
		const library = {
			bookmarks: { bookmarks: [{ mediaId: 550, category: 'watchlist', addedAt: 9_000, mediaType: 'movie' as const }], tombstones: [] },
			history: { '603': { type: 'movie' as const, title: 'The Matrix', updatedAt: 9_000, progress: { watched: 50, duration: 100 } } },
		}
		const plan = planImport(
			[
				row('a', 'watchlist', film(550, 'Fight Club')),
				row('b', 'watched', film(27205, 'Inception')),
				row('c', 'watched', film(27205, 'Inception')),
			],
			library,
		)
		expect(plan.bookmarks.map((b) => b.mediaId)).toEqual([27205])
		expect(plan.duplicates.map((d) => [d.origin, d.reason])).toEqual([
			['a', 'Already in your Watchlist'],
			['c', 'Already in your Watched'],
		])
		// The library's own history item is never replaced.
		expect(plan.history['603']).toBeUndefined()
	})

	it("adds a series' watched episodes the history lacks, keeping the ones it has", () => {
		const show = { id: 66732, mediaType: 'tv' as const, title: 'Stranger Things', year: 2016, posterPath: null }
		const library = {
			bookmarks: { bookmarks: [], tombstones: [] },
			history: {
				'66732': {
					type: 'show' as const,
					title: 'Stranger Things',
					updatedAt: 9_000,
					episodes: {
						s1e1: { id: 5, number: 1, title: 'One', seasonId: 7, season: 1, updatedAt: 9_000, progress: { watched: 10, duration: 100 } },
					},
				},
			},
		}
		const plan = planImport(
			[
				row('s', 'watched', show, {
					episodes: [
						{ season: 1, episode: 1, at: 100 },
						{ season: 1, episode: 2, at: 200 },
					],
				}),
			],
			library,
		)
		expect(Object.keys(plan.history['66732']!.episodes!)).toEqual(['s1e2'])
		expect(plan.history['66732']!.updatedAt).toBe(200)
		expect(plan.bookmarks).toEqual([])
	})
})
