import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProgress, importCatalogFile, optimizeAfterImport } from '#server/catalog/import.server.ts'
import { createLocalCatalog } from '#server/catalog/local.server.ts'
import { parseCatalogRoute } from '#server/catalog/tmdb-paths.ts'
import { MOVIE_SAMPLE_FILE } from '#tests/support/catalog-fixtures.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-import-'))

const movie = (id: number, title: string, extra: Record<string, unknown> = {}) =>
	JSON.stringify({
		media_type: 'movie',
		id,
		title,
		overview: `About ${title}.`,
		genre_ids: [18],
		release_date: '2001-02-03',
		popularity: id / 10,
		vote_average: 7,
		vote_count: 100,
		...extra,
	})

const smallFile = path.join(dir, 'small.jsonl')
fs.writeFileSync(
	smallFile,
	[
		movie(101, 'Alpha Story'),
		'{ not json',
		JSON.stringify({
			media_type: 'tv',
			id: 202,
			name: 'Beta Show',
			genre_ids: [35],
			first_air_date: '2010-01-01',
			seasons: [{ season_number: 1, episode_count: 2, episodes: [{ episode_number: 1 }, { episode_number: 2, name: 'Second' }] }],
		}),
		JSON.stringify({ media_type: 'person', id: 3, name: 'Someone' }),
		'',
		movie(103, 'Gamma Story', { 'watch/providers': { results: { US: { flatrate: [{ provider_id: 8, provider_name: 'Netflix' }] } } } }),
		JSON.stringify({ media_type: 'movie', id: 'x', title: 'Bad id' }),
		movie(104, 'Delta Story'),
	].join('\n'),
)

describe.each(DIALECTS)('catalog import on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
	})
	afterAll(async () => {
		await testDb?.destroy()
	})

	it('imports good lines, reports bad ones by line number, and skips them', async () => {
		const bad: Array<[number, string]> = []
		const progress: number[] = []
		const summary = await importCatalogFile(testDb.handle, smallFile, {
			batchSize: 2,
			progressEveryMs: 0,
			onBadLine: (line, error) => bad.push([line, error]),
			onProgress: (p) => progress.push(p.imported),
		})
		expect(summary).toMatchObject({ lines: 8, imported: 4, skipped: 3 })
		expect(bad.map(([line]) => line)).toEqual([2, 4, 7])
		expect(bad[1]![1]).toContain('media_type')
		expect(progress.at(-1)).toBe(4)
		const local = createLocalCatalog(testDb.handle)
		const season = (await local.get(parseCatalogRoute('/tv/202/season/1'))) as { episodes: Array<{ name: string }> }
		expect(season.episodes.map((e) => e.name)).toEqual(['Episode 1', 'Second'])
		const netflix = (await local.get(parseCatalogRoute('/discover/movie', { with_watch_providers: '8', watch_region: 'US' }))) as {
			results: Array<{ id: number }>
		}
		expect(netflix.results.map((r) => r.id)).toEqual([103])
	})

	it('is idempotent: importing again updates in place', async () => {
		const changed = path.join(dir, `changed-${dialect}.jsonl.gz`)
		fs.writeFileSync(changed, zlib.gzipSync(`${movie(101, 'Alpha Story Redux')}\n${movie(104, 'Delta Story')}\n`))
		await importCatalogFile(testDb.handle, smallFile)
		const summary = await importCatalogFile(testDb.handle, changed)
		expect(summary).toMatchObject({ imported: 2, skipped: 0 })
		const rows = await testDb.handle.db.selectFrom('catalog_titles').select(['id', 'title']).orderBy('key').execute()
		expect(rows).toEqual([
			{ id: 101, title: 'Alpha Story Redux' },
			{ id: 103, title: 'Gamma Story' },
			{ id: 104, title: 'Delta Story' },
			{ id: 202, title: 'Beta Show' },
		])
		const local = createLocalCatalog(testDb.handle)
		const found = (await local.get(parseCatalogRoute('/search/multi', { query: 'redux' }))) as { results: Array<{ id: number }> }
		expect(found.results.map((r) => r.id)).toEqual([101])
		const genreLinks = await testDb.handle.db
			.selectFrom('catalog_title_genres')
			.selectAll()
			.where('title_key', '=', 202 * 2 + 1)
			.execute()
		expect(genreLinks).toHaveLength(1)
	})

	it('imports 60 real lines of the 3,000-movie data set, searchable at once', async () => {
		const summary = await importCatalogFile(testDb.handle, MOVIE_SAMPLE_FILE)
		expect(summary).toMatchObject({ imported: 60, skipped: 0 })
		await optimizeAfterImport(testDb.handle)
		const local = createLocalCatalog(testDb.handle)
		const avatar = (await local.get(parseCatalogRoute('/search/multi', { query: 'avatar' }))) as {
			results: Array<{ id: number; title: string }>
		}
		expect(avatar.results[0]).toMatchObject({ id: 19995, title: 'Avatar' })
		const details = (await local.get(parseCatalogRoute('/movie/19995'))) as {
			runtime: number
			genres: Array<{ name: string }>
			tagline: string
		}
		expect(details.runtime).toBe(162)
		expect(details.genres.map((g) => g.name)).toContain('Science Fiction')
	})
})

describe.each(DIALECTS)('search over a broad match on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
	})
	afterAll(async () => {
		await testDb?.destroy()
	})

	it('ranks thousands of matches by popularity and counts them', async () => {
		const file = path.join(dir, `broad-${dialect}.jsonl`)
		const lines = Array.from({ length: 4500 }, (_, i) => movie(10_000 + i, `Harbor Tale ${i}`, { popularity: (i * 7919) % 4500 }))
		lines.push(movie(20_000, 'Quiet Harbor', { popularity: 1 }))
		fs.writeFileSync(file, lines.join('\n'))
		await importCatalogFile(testDb.handle, file, { batchSize: 1000 })
		type SearchPage = { results: Array<{ popularity: number; title: string }>; total_results: number; total_pages: number }
		// Before the optimise step the titles sit in file order, not by popularity: the most popular still come first.
		const unordered = (await createLocalCatalog(testDb.handle).get(parseCatalogRoute('/search/multi', { query: 'harbor' }))) as SearchPage
		expect(unordered.results.map((r) => r.popularity).slice(0, 3)).toEqual([4499, 4498, 4497])
		await optimizeAfterImport(testDb.handle)
		const local = createLocalCatalog(testDb.handle)
		const page = (await local.get(parseCatalogRoute('/search/multi', { query: 'harbor' }))) as SearchPage
		// Search ranks at most 2,000 candidates, so the total stops there: every page it counts has results.
		expect(page).toMatchObject({ total_results: 2000, total_pages: 100 })
		expect(page.results).toHaveLength(20)
		const last = (await local.get(parseCatalogRoute('/search/multi', { query: 'harbor', page: 100 }))) as SearchPage
		expect(last.results).toHaveLength(20)
		expect((last.results as Array<{ popularity: number }>).every((r) => r.popularity < page.results[19]!.popularity)).toBe(true)
		const popularities = page.results.map((r) => r.popularity)
		expect(popularities[0]).toBe(4499)
		expect([...popularities].sort((a, b) => b - a)).toEqual(popularities)
		const exact = (await local.get(parseCatalogRoute('/search/multi', { query: 'harbor tale 17' }))) as {
			results: Array<{ title: string }>
		}
		expect(exact.results[0]!.title).toBe('Harbor Tale 17')
	})
})

describe('progress line', () => {
	it('shows the share done, the rate and the time left', () => {
		expect(formatProgress({ lines: 500, imported: 500, skipped: 2, bytesRead: 50, totalBytes: 100, elapsedMs: 10_000 }, 10)).toBe(
			'[#####-----] 50.0% 500 titles 50/s ETA 0:10 (2 bad lines skipped)',
		)
	})
})

afterAll(() => {
	fs.rmSync(dir, { recursive: true, force: true })
})
