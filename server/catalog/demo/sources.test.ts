import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { findCategory } from '#app/lib/catalog/categories.ts'
import { fixtureNames, MOVIE_FACTS_FILE, readFixture } from '#tests/support/catalog-fixtures.ts'
import { DEMO_MOVIES, EXTRA_MOVIE_FACTS, EXTRA_MOVIES, NEWER_TMDB_FACTS } from './source-movies.ts'
import { DEMO_SERIES } from './source-series.ts'

// The hand-written demo sources against the real TMDB data in tests/fixtures/,
// and the committed catalogue file against the sources (a source
// edited without running scripts/catalog-build-demo.ts fails here).

const CATALOGUE_FILE = path.resolve(process.cwd(), 'server/catalog/demo/catalogue.jsonl.gz')
const BUILT_ON = '2026-11-21'

interface Line {
	media_type: 'movie' | 'tv'
	id: number
	title?: string
	name?: string
	release_date?: string
	imdb_id?: string | null
	first_air_date?: string
	genre_ids?: number[]
	seasons?: Array<{ season_number: number; episode_count: number; episodes: unknown[] }>
}

const catalogue = zlib
	.gunzipSync(fs.readFileSync(CATALOGUE_FILE))
	.toString('utf8')
	.split('\n')
	.filter(Boolean)
	.map((line) => JSON.parse(line) as Line)

describe('demo movies', () => {
	const facts = new Map(
		fs
			.readFileSync(MOVIE_FACTS_FILE, 'utf8')
			.split('\n')
			.filter(Boolean)
			.map((line) => JSON.parse(line) as { id: number; title: string; release_date: string })
			.map((movie) => [movie.id, movie]),
	)
	const all = [...DEMO_MOVIES, ...EXTRA_MOVIES]

	it('have unique TMDB ids and unique, well-formed IMDb ids (only an announced film may have none yet)', () => {
		const announced = new Set(EXTRA_MOVIE_FACTS.filter((f) => f.upcoming).map((f) => f.id))
		const known = all.filter((m) => m[1] !== '')
		expect(new Set(all.map((m) => m[0])).size).toBe(all.length)
		expect(all.filter((m) => m[1] === '' && !announced.has(m[0])).map((m) => m[0])).toEqual([])
		expect(known.filter((m) => !/^tt\d{7,8}$/.test(m[1]))).toEqual([])
		expect(new Set(known.map((m) => m[1])).size).toBe(known.length)
	})

	it('take every id that the real data set has from it, with its title and date', () => {
		expect(DEMO_MOVIES.filter((m) => !facts.has(m[0])).map((m) => m[0])).toEqual([])
		// Titles kept in the source itself must not be a real movie's under another id.
		const byTitle = new Map([...facts.values()].map((m) => [`${m.title.toLowerCase()} ${m.release_date.slice(0, 4)}`, m.id]))
		const clashes = EXTRA_MOVIE_FACTS.filter((f) => {
			const id = byTitle.get(`${f.title.toLowerCase()} ${f.release_date.slice(0, 4)}`)
			return id !== undefined && id !== f.id
		})
		expect(clashes).toEqual([])
		for (const line of catalogue.filter((l) => l.media_type === 'movie' && facts.has(l.id))) {
			const real = { ...facts.get(line.id)!, ...NEWER_TMDB_FACTS[line.id] }
			expect({ id: line.id, title: line.title, date: line.release_date }).toEqual({
				id: line.id,
				title: real.title,
				date: real.release_date,
			})
		}
	})

	it('announce at least 15 titles after the build date', () => {
		expect(EXTRA_MOVIE_FACTS.filter((f) => f.upcoming && f.release_date > BUILT_ON).length).toBeGreaterThanOrEqual(15)
	})
})

describe('demo series', () => {
	it('have unique ids, at least 60 titles and 15 anime, and every season has episodes', () => {
		expect(new Set(DEMO_SERIES.map((s) => s.id)).size).toBe(DEMO_SERIES.length)
		expect(DEMO_SERIES.length).toBeGreaterThanOrEqual(60)
		expect(DEMO_SERIES.filter((s) => s.lang === 'ja' && s.genres.includes(16)).length).toBeGreaterThanOrEqual(15)
		expect(
			DEMO_SERIES.filter((s) => s.seasons.length === 0 || s.seasons.some((n) => !Number.isInteger(n) || n < 1)).map((s) => s.name),
		).toEqual([])
		expect(DEMO_SERIES.filter((s) => s.imdb !== '' && !/^tt\d{7,8}$/.test(s.imdb)).map((s) => s.name)).toEqual([])
	})

	it('fill the TV Kids category with at least 10 series', () => {
		const kids = findCategory('kids')?.tvGenreId
		expect(kids).toBe(10762)
		expect(DEMO_SERIES.filter((s) => s.genres.includes(kids!)).length).toBeGreaterThanOrEqual(10)
		expect(catalogue.filter((l) => l.media_type === 'tv' && l.genre_ids?.includes(kids!)).length).toBeGreaterThanOrEqual(10)
	})

	it('give TMDB season numbers only as a strictly rising list, one per season', () => {
		for (const show of DEMO_SERIES.filter((s) => s.seasonNumbers)) {
			const numbers = show.seasonNumbers!
			expect({ show: show.name, length: numbers.length }).toEqual({ show: show.name, length: show.seasons.length })
			expect(numbers.every((n, i) => Number.isInteger(n) && n >= 1 && (i === 0 || n > numbers[i - 1]!))).toBe(true)
		}
	})

	it('date known season premieres in order, from the first air date to the last, one per season at most', () => {
		const shows = DEMO_SERIES.filter((s) => s.premieres)
		expect(shows.length).toBeGreaterThan(0)
		for (const show of shows) {
			const dates = show.premieres!
			expect({ show: show.name, fits: dates.length <= show.seasons.length, opens: dates[0] }).toEqual({
				show: show.name,
				fits: true,
				opens: show.first,
			})
			expect({
				show: show.name,
				rising: dates.every((d, i) => /^\d{4}-\d\d-\d\d$/.test(d) && (i === 0 || d > dates[i - 1]!) && (!show.last || d <= show.last)),
			}).toEqual({ show: show.name, rising: true })
		}
	})
})

describe('the committed demo catalogue file', () => {
	it('gives every title that TMDB’s own lists in the fixtures show the same names, dates, genres and language', () => {
		const built = new Map(catalogue.map((line) => [`${line.media_type}:${line.id}`, line as Line & Record<string, unknown>]))
		let compared = 0
		for (const file of fixtureNames()) {
			const answer = readFixture<{ results?: Array<Record<string, unknown>> }>(file)
			for (const listed of Array.isArray(answer.results) ? answer.results : []) {
				const media = listed.media_type ?? ('title' in listed ? 'movie' : 'tv')
				const ours = built.get(`${String(media)}:${String(listed.id)}`)
				if (!ours) continue
				compared++
				const keys =
					media === 'movie'
						? ['title', 'original_title', 'release_date', 'original_language']
						: ['name', 'original_name', 'first_air_date', 'original_language', 'origin_country']
				const pick = (record: Record<string, unknown>) => ({
					file,
					id: listed.id,
					genres: [...((record.genre_ids as number[] | undefined) ?? [])].sort((a, b) => a - b),
					...Object.fromEntries(keys.map((key) => [key, record[key]])),
				})
				expect(pick(ours)).toEqual(pick(listed))
			}
		}
		expect(compared).toBeGreaterThanOrEqual(60)
	})

	it('is built from the current sources, with every episode of every season', () => {
		const shows = catalogue.filter((l) => l.media_type === 'tv')
		expect(catalogue.filter((l) => l.media_type === 'movie').length).toBe(DEMO_MOVIES.length + EXTRA_MOVIES.length)
		expect(shows.map((s) => s.id).sort((a, b) => a - b)).toEqual(DEMO_SERIES.map((s) => s.id).sort((a, b) => a - b))
		for (const source of DEMO_SERIES) {
			const line = shows.find((s) => s.id === source.id)!
			const built = (line.seasons ?? []).map((season) => [season.episode_count, season.episodes.length])
			expect({ show: source.name, seasons: built }).toEqual({ show: source.name, seasons: source.seasons.map((n) => [n, n]) })
			expect((line.seasons ?? []).map((season) => season.season_number)).toEqual(
				source.seasonNumbers ?? source.seasons.map((_, i) => i + 1),
			)
			const premieres = (line.seasons ?? [])
				.slice(0, source.premieres?.length ?? 0)
				.map((season) => (season as { air_date?: string }).air_date)
			expect({ show: source.name, premieres }).toEqual({ show: source.name, premieres: source.premieres ?? [] })
		}
		expect(fs.statSync(CATALOGUE_FILE).size).toBeLessThan(2 * 1024 * 1024)
	})
})
