import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ImportFormatError, parseImportFile, parseLetterboxdCsv, parseTraktJson } from './formats.ts'

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/imports', name), 'utf8')

describe('Letterboxd CSV', () => {
	it('reads the watchlist into Watchlist rows with the date listed', () => {
		const { rows, problems } = parseLetterboxdCsv('watchlist.csv', fixture('letterboxd-watchlist.csv'))
		expect(problems).toEqual([])
		expect(rows.map((row) => [row.list, row.mediaType, row.title, row.year])).toEqual([
			['watchlist', 'movie', 'Fight Club', 1999],
			['watchlist', 'movie', 'The Lord of the Rings: The Fellowship of the Ring', 2001],
			['watchlist', 'movie', 'A Film That Is Not In Any Catalogue', 2031],
		])
		expect(rows[0]!.at).toBe(Date.parse('2024-01-05T12:00:00Z'))
	})

	it('reads the diary as films watched on their Watched Date, and reports a row without a name', () => {
		const { rows, problems } = parseLetterboxdCsv('diary.csv', fixture('letterboxd-diary.csv'))
		expect(rows.map((row) => [row.list, row.title, new Date(row.at!).toISOString().slice(0, 10)])).toEqual([
			['watched', 'Inception', '2023-07-15'],
			['watched', 'Inception', '2023-08-31'],
			['watched', 'Spirited Away', '2023-09-30'],
		])
		expect(problems).toEqual([{ origin: 'diary.csv line 5', reason: 'No film name' }])
	})

	it('refuses a CSV that is not a Letterboxd export', () => {
		expect(() => parseLetterboxdCsv('watched.csv', 'title,year\nX,1999\n')).toThrow(ImportFormatError)
	})
})

describe('Trakt JSON', () => {
	it('reads the watchlist with TMDB and IMDb ids, for films and series', () => {
		const { rows } = parseTraktJson('watchlist.json', fixture('trakt-watchlist.json'))
		expect(rows.map((row) => [row.list, row.mediaType, row.title, row.tmdbId, row.imdbId])).toEqual([
			['watchlist', 'movie', 'Blade Runner 2049', 335984, 'tt1856101'],
			['watchlist', 'tv', 'Breaking Bad', 1396, 'tt0903747'],
			['watchlist', 'movie', 'Unknown Trakt Film', null, null],
		])
	})

	it('reads watched shows with their episodes, and watched films', () => {
		const shows = parseTraktJson('watched-shows.json', fixture('trakt-watched-shows.json')).rows
		expect(shows[0]).toMatchObject({ list: 'watched', mediaType: 'tv', title: 'Stranger Things', tmdbId: 66732 })
		expect(shows[0]!.episodes).toEqual([
			{ season: 1, episode: 1, at: Date.parse('2024-01-30T21:00:00.000Z') },
			{ season: 1, episode: 2, at: Date.parse('2024-02-01T21:00:00.000Z') },
		])
		const movies = parseTraktJson('watched-movies.json', fixture('trakt-watched-movies.json')).rows
		expect(movies.map((row) => [row.list, row.title, row.tmdbId, row.imdbId])).toEqual([
			['watched', 'Interstellar', 157336, 'tt0816692'],
			['watched', 'Fight Club', null, 'tt0137523'],
		])
	})

	it("gathers a history file's episode plays per show", () => {
		const history = [
			{
				id: 1,
				watched_at: '2024-01-01T10:00:00.000Z',
				action: 'watch',
				type: 'episode',
				episode: { season: 1, number: 1, title: 'One' },
				show: { title: 'Dark', year: 2017, ids: { tmdb: 70523 } },
			},
			{
				id: 2,
				watched_at: '2024-01-02T10:00:00.000Z',
				action: 'watch',
				type: 'episode',
				episode: { season: 1, number: 2, title: 'Two' },
				show: { title: 'Dark', year: 2017, ids: { tmdb: 70523 } },
			},
		]
		const { rows } = parseTraktJson('history.json', JSON.stringify(history))
		expect(rows).toHaveLength(1)
		expect(rows[0]!.episodes).toHaveLength(2)
		expect(rows[0]!.at).toBe(Date.parse('2024-01-02T10:00:00.000Z'))
	})

	it('refuses a file that is not JSON or not a list', () => {
		expect(() => parseTraktJson('x.json', '{')).toThrow('x.json is not JSON')
		expect(() => parseTraktJson('x.json', '{}')).toThrow(ImportFormatError)
	})
})

it('chooses the reader by file name and refuses other files', () => {
	expect(parseImportFile('watched.csv', fixture('letterboxd-watched.csv')).rows).toHaveLength(2)
	expect(() => parseImportFile('notes.txt', 'hello')).toThrow(ImportFormatError)
})
