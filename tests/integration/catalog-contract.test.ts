import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { CATEGORIES } from '#app/lib/catalog/categories.ts'
import { NETWORKS } from '#app/lib/catalog/networks.ts'
import { catalogGet } from '#server/catalog/catalog.server.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import {
	EpisodeDetailsSchema,
	EpisodeImagesSchema,
	GenreListSchema,
	ImagesSchema,
	MovieDetailsSchema,
	MoviePageSchema,
	MultiPageSchema,
	SeasonDetailsSchema,
	TrendingMoviePageSchema,
	TrendingTvPageSchema,
	TvDetailsSchema,
	TvPageSchema,
	UpcomingPageSchema,
	WatchProvidersSchema,
} from '#server/catalog/schemas.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { readFixture } from '#tests/support/catalog-fixtures.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'
import { startTestApp, type RunningApp } from '#tests/support/servers.ts'

function expectShape(schema: z.ZodType, value: unknown) {
	const result = schema.safeParse(value)
	if (!result.success) throw new Error(`shape mismatch: ${JSON.stringify(result.error.issues.slice(0, 3))}`)
}

describe('TMDB schemas are faithful to the real responses', () => {
	it.each([
		['movie-popular.json', MoviePageSchema],
		['movie-top-rated.json', MoviePageSchema],
		['movie-upcoming.json', UpcomingPageSchema],
		['discover-movie.json', MoviePageSchema],
		['tv-popular.json', TvPageSchema],
		['tv-on-the-air.json', TvPageSchema],
		['discover-tv.json', TvPageSchema],
		['search-multi.json', MultiPageSchema],
		['trending-movie-day.json', TrendingMoviePageSchema],
		['trending-tv-week.json', TrendingTvPageSchema],
		['genre-movie-list.json', GenreListSchema],
		['genre-tv-list.json', GenreListSchema],
		['movie-550.json', MovieDetailsSchema],
		['movie-550-images.json', ImagesSchema],
		['movie-550-watch-providers.json', WatchProvidersSchema],
		['tv-1399.json', TvDetailsSchema],
		['tv-1399-season-1.json', SeasonDetailsSchema],
		['tv-1399-season-1-episode-1.json', EpisodeDetailsSchema],
		['tv-1399-season-1-episode-2.json', EpisodeDetailsSchema],
		['tv-1399-season-1-episode-1-images.json', EpisodeImagesSchema],
	] as const)('%s', (file, schema) => {
		expectShape(schema, readFixture(file))
	})
})

describe.each(DIALECTS)('local catalogue with the demo data on %s', (dialect) => {
	let testDb: TestDatabase
	let server: RunningApp
	let base: string
	const today = new Date().toISOString().slice(0, 10)

	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
		setDatabaseForTests(testDb.handle)
		process.env.CANONICAL_HOST = ''
		resetEnvForTests()
		await seedDemo(testDb.handle)
		server = await startTestApp()
		base = server.baseUrl
	})

	afterAll(async () => {
		await server?.close()
		setDatabaseForTests(undefined)
		await testDb?.destroy()
	})

	it('answers every list endpoint in TMDB shape', async () => {
		expectShape(MoviePageSchema, await catalogGet('/movie/popular'))
		expectShape(MoviePageSchema, await catalogGet('/movie/top_rated', { page: 2 }))
		expectShape(TvPageSchema, await catalogGet('/tv/popular'))
		expectShape(TvPageSchema, await catalogGet('/tv/top_rated'))
		expectShape(TvPageSchema, await catalogGet('/tv/on_the_air'))
		expectShape(UpcomingPageSchema, await catalogGet('/movie/upcoming'))
		expectShape(TrendingMoviePageSchema, await catalogGet('/trending/movie/day'))
		expectShape(TrendingMoviePageSchema, await catalogGet('/trending/movie/week'))
		expectShape(TrendingTvPageSchema, await catalogGet('/trending/tv/day'))
		expectShape(TrendingTvPageSchema, await catalogGet('/trending/tv/week'))
		expectShape(MoviePageSchema, await catalogGet('/discover/movie', { with_genres: '28', sort_by: 'vote_average.desc' }))
		expectShape(TvPageSchema, await catalogGet('/discover/tv', { with_watch_providers: '8', watch_region: 'US' }))
		expectShape(MultiPageSchema, await catalogGet('/search/multi', { query: 'star' }))
		expect(await catalogGet('/genre/movie/list')).toEqual(readFixture('genre-movie-list.json'))
		expect(await catalogGet('/genre/tv/list')).toEqual(readFixture('genre-tv-list.json'))
	})

	it('answers detail endpoints with every append in TMDB shape', async () => {
		const movie = await catalogGet<z.infer<typeof MovieDetailsSchema>>('/movie/155', {
			append_to_response: 'credits,similar,external_ids,images,release_dates',
		})
		expectShape(MovieDetailsSchema, movie)
		expect(movie.title).toBe('The Dark Knight')
		expect(movie.imdb_id).toBe('tt0468569')
		expect(movie.external_ids?.imdb_id).toBe('tt0468569')
		expect(movie.credits?.cast.map((c) => c.name)).toContain('Heath Ledger')
		expect(movie.credits?.crew).toContainEqual(expect.objectContaining({ job: 'Director', name: 'Christopher Nolan' }))
		expect(movie.similar?.results.length).toBeGreaterThan(0)
		expect(movie.similar?.results.map((r) => r.id)).not.toContain(155)

		const show = await catalogGet<z.infer<typeof TvDetailsSchema>>('/tv/1399', { append_to_response: 'external_ids,credits,similar' })
		expectShape(TvDetailsSchema, show)
		expect(show.number_of_seasons).toBe(8)
		expect(show.number_of_episodes).toBe(73)
		expect(show.external_ids?.imdb_id).toBe('tt0944947')

		const season = await catalogGet<z.infer<typeof SeasonDetailsSchema>>('/tv/1399/season/1')
		expectShape(SeasonDetailsSchema, season)
		expect(season.episodes).toHaveLength(10)

		const episode = await catalogGet('/tv/1399/season/1/episode/1', { append_to_response: 'external_ids,credits,images' })
		expectShape(EpisodeDetailsSchema, episode)
		expect((episode as { images: { stills: unknown[] } }).images.stills.length).toBeGreaterThan(0)

		expectShape(ImagesSchema, await catalogGet('/movie/155/images', { include_image_language: 'en,null' }))
		expectShape(ImagesSchema, await catalogGet('/tv/1399/images'))
		const logosOnlyEn = await catalogGet<z.infer<typeof ImagesSchema>>('/movie/155/images', { include_image_language: 'en' })
		expect(logosOnlyEn.backdrops.every((b) => b.iso_639_1 === 'en')).toBe(true)
		const providers = await catalogGet<z.infer<typeof WatchProvidersSchema>>('/movie/155/watch/providers')
		expectShape(WatchProvidersSchema, providers)
		expect(providers.results.US?.flatrate?.map((p) => p.provider_id)).toContain(1899)
		expectShape(WatchProvidersSchema, await catalogGet('/tv/1399/watch/providers'))
	})

	it('ships at least 150 movies and 60 series (15 anime), every series with seasons and episodes', async () => {
		const { db } = testDb.handle
		const movies = await db
			.selectFrom('catalog_titles')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.where('media_type', '=', 'movie')
			.executeTakeFirstOrThrow()
		const series = await db
			.selectFrom('catalog_titles')
			.select(['id', 'genre_ids', 'original_language'])
			.where('media_type', '=', 'tv')
			.execute()
		expect(Number(movies.n)).toBeGreaterThanOrEqual(150)
		expect(series.length).toBeGreaterThanOrEqual(60)
		const anime = series.filter((s) => s.original_language === 'ja' && (JSON.parse(s.genre_ids) as number[]).includes(16))
		expect(anime.length).toBeGreaterThanOrEqual(15)
		const withEpisodes = await db.selectFrom('catalog_episodes').select('show_id').distinct().execute()
		expect(new Set(withEpisodes.map((r) => r.show_id))).toEqual(new Set(series.map((s) => s.id)))
	})

	it('lists every episode of every season, dated inside its season, with a runtime and a still', async () => {
		const { db } = testDb.handle
		const shows = await db.selectFrom('catalog_titles').select(['id', 'title', 'status']).where('media_type', '=', 'tv').execute()
		const seasons = await db
			.selectFrom('catalog_seasons')
			.select(['show_id', 'season_number', 'episode_count', 'air_date'])
			.orderBy('show_id')
			.orderBy('season_number')
			.execute()
		const episodes = await db
			.selectFrom('catalog_episodes')
			.select([
				'show_id',
				'season_number',
				(eb) => eb.fn.countAll<number>().as('n'),
				(eb) => eb.fn.min('air_date').as('first'),
				(eb) => eb.fn.max('air_date').as('last'),
			])
			.where('runtime', '>', 0)
			.where('still_path', 'is not', null)
			.groupBy(['show_id', 'season_number'])
			.execute()
		const bySeason = new Map(episodes.map((e) => [`${e.show_id}:${e.season_number}`, e]))
		const seasonsOf = new Map<number, typeof seasons>()
		for (const season of seasons) seasonsOf.set(season.show_id, [...(seasonsOf.get(season.show_id) ?? []), season])
		const problems: string[] = []
		for (const show of shows) {
			const list = (seasonsOf.get(show.id) ?? []).filter((s) => s.season_number > 0)
			if (list.length === 0) problems.push(`${show.title}: no seasons`)
			list.forEach((season, index) => {
				const where = `${show.title} season ${season.season_number}`
				const found = bySeason.get(`${show.id}:${season.season_number}`)
				if (season.episode_count < 1 || Number(found?.n ?? 0) !== season.episode_count)
					problems.push(`${where}: ${found?.n ?? 0} complete episodes of ${season.episode_count}`)
				const next = list[index + 1]
				if (found && (String(found.first) < (season.air_date ?? '') || (next?.air_date && String(found.last) >= next.air_date)))
					problems.push(`${where}: episodes dated ${found.first}..${found.last} outside the season`)
				if (found && show.status === 'Ended' && String(found.last) > today) problems.push(`${where}: an ended show airs in the future`)
			})
		}
		expect(problems).toEqual([])
		const simpsons = await catalogGet<z.infer<typeof SeasonDetailsSchema>>('/tv/456/season/1')
		expect(simpsons.episodes).toHaveLength(13)
	})

	it('has announced movies with future dates filling Upcoming, and enough series on the air for the Upcoming Series row', async () => {
		const { db } = testDb.handle
		const movies = await db
			.selectFrom('catalog_titles')
			.select('id')
			.where('media_type', '=', 'movie')
			.where('release_date', '>', today)
			.execute()
		expect(movies.length).toBeGreaterThanOrEqual(15)
		const upcoming = await catalogGet<z.infer<typeof MoviePageSchema>>('/movie/upcoming', { page: 1 })
		expect(upcoming.results.length).toBeGreaterThanOrEqual(15)
		expect(upcoming.results.every((m) => (m.release_date ?? '') > today)).toBe(true)
		const onAir = await catalogGet<z.infer<typeof TvPageSchema>>('/tv/on_the_air', { page: 1 })
		expect(onAir.total_results).toBeGreaterThanOrEqual(15)
	})

	it('fills every category and network with at least 10 titles', async () => {
		for (const category of CATEGORIES) {
			let total = 0
			if (category.movieGenreId)
				total += (await catalogGet<{ total_results: number }>('/discover/movie', { with_genres: String(category.movieGenreId) }))
					.total_results
			if (category.tvGenreId)
				total += (await catalogGet<{ total_results: number }>('/discover/tv', { with_genres: String(category.tvGenreId) })).total_results
			expect({ slug: category.slug, enough: total >= 10 }).toEqual({ slug: category.slug, enough: true })
		}
		for (const network of NETWORKS) {
			const query = { with_watch_providers: String(network.providerId), watch_region: 'US' }
			const movies = await catalogGet<{ total_results: number }>('/discover/movie', query)
			const shows = await catalogGet<{ total_results: number }>('/discover/tv', query)
			expect({ network: network.slug, enough: movies.total_results + shows.total_results >= 10 }).toEqual({
				network: network.slug,
				enough: true,
			})
		}
	})

	it('keeps upcoming in the future and fills the home rows', async () => {
		const upcoming = await catalogGet<z.infer<typeof UpcomingPageSchema>>('/movie/upcoming')
		expect(upcoming.results.length).toBeGreaterThanOrEqual(15)
		expect(upcoming.results.every((m) => (m.release_date ?? '') > today)).toBe(true)
		const popular = await catalogGet<z.infer<typeof MoviePageSchema>>('/movie/popular')
		expect(popular.results).toHaveLength(20)
		const popularities = popular.results.map((m) => m.popularity)
		expect([...popularities].sort((a, b) => b - a)).toEqual(popularities)
		const onAir = await catalogGet<z.infer<typeof TvPageSchema>>('/tv/on_the_air')
		expect(onAir.results.length).toBeGreaterThanOrEqual(15)
		const trendingTv = await catalogGet<z.infer<typeof TvPageSchema>>('/trending/tv/week')
		expect(trendingTv.results).toHaveLength(20)
		const show = await catalogGet<z.infer<typeof TvDetailsSchema>>(`/tv/${onAir.results[0]!.id}`)
		expect(show.next_episode_to_air?.air_date ?? show.last_air_date ?? '').not.toBe('')
	})

	it('paginates discover with correct totals', async () => {
		const first = await catalogGet<z.infer<typeof MoviePageSchema>>('/discover/movie', { with_genres: '18' })
		expect(first.total_pages).toBe(Math.ceil(first.total_results / 20))
		expect(first.total_pages).toBeGreaterThan(1)
		const second = await catalogGet<z.infer<typeof MoviePageSchema>>('/discover/movie', { with_genres: '18', page: 2 })
		expect(second.page).toBe(2)
		const firstIds = new Set(first.results.map((r) => r.id))
		expect(second.results.some((r) => firstIds.has(r.id))).toBe(false)
		expect(second.results.every((r) => r.genre_ids.includes(18))).toBe(true)
		const beyond = await catalogGet<z.infer<typeof MoviePageSchema>>('/discover/movie', { with_genres: '18', page: first.total_pages + 1 })
		expect(beyond.results).toEqual([])
		expect(beyond.total_results).toBe(first.total_results)
		// Comma is AND, pipe is OR (TMDB's rule).
		const both = await catalogGet<z.infer<typeof MoviePageSchema>>('/discover/movie', { with_genres: '16,10751' })
		const either = await catalogGet<z.infer<typeof MoviePageSchema>>('/discover/movie', { with_genres: '16|10751' })
		expect(either.total_results).toBeGreaterThan(both.total_results)
		expect(both.results.every((r) => r.genre_ids.includes(16) && r.genre_ids.includes(10751))).toBe(true)
		const netflixDrama = await catalogGet<z.infer<typeof TvPageSchema>>('/discover/tv', {
			with_watch_providers: '8',
			with_genres: '18',
			watch_region: 'US',
		})
		expect(netflixDrama.results.length).toBeGreaterThan(0)
		expect(netflixDrama.results.every((r) => r.genre_ids.includes(18))).toBe(true)
	})

	it('ranks search results by relevance, tolerating articles, prefixes and typos', async () => {
		const top = async (query: string) =>
			(await catalogGet<{ results: Array<{ title?: string; name?: string }> }>('/search/multi', { query })).results[0]
		expect(await top('dark knight')).toMatchObject({ title: 'The Dark Knight' })
		expect(await top('the matrix')).toMatchObject({ title: 'The Matrix' })
		expect(await top('toy story 3')).toMatchObject({ title: 'Toy Story 3' })
		expect(await top('intersteller')).toMatchObject({ title: 'Interstellar' })
		expect(await top('breaking')).toMatchObject({ name: 'Breaking Bad' })
		expect(await top('game of throne')).toMatchObject({ name: 'Game of Thrones' })
		expect(await top('kimetsu')).toMatchObject({ name: 'Demon Slayer: Kimetsu no Yaiba' })
		const none = await catalogGet<{ results: unknown[]; total_results: number }>('/search/multi', { query: 'zzqxv' })
		expect(none).toMatchObject({ results: [], total_results: 0 })
	})

	it('rejects unknown paths, unknown titles and bad parameters with JSON errors over HTTP', async () => {
		const ok = await fetch(`${base}/api/catalog/movie/155?append_to_response=credits`)
		expect(ok.status).toBe(200)
		expect(ok.headers.get('cache-control')).toContain('public')
		expect(((await ok.json()) as { title: string }).title).toBe('The Dark Knight')

		const cases: Array<[string, number]> = [
			['/api/catalog/person/287', 404],
			['/api/catalog/movie/999999999', 404],
			['/api/catalog/tv/1399/season/99', 404],
			['/api/catalog/tv/1399/season/1/episode/999', 404],
			['/api/catalog/movie/popular?page=0', 400],
			['/api/catalog/movie/popular?page=abc', 400],
			['/api/catalog/discover/movie?sort_by=chaos', 400],
			['/api/catalog/discover/movie?with_genres=1;drop', 400],
			['/api/catalog/search/multi', 400],
			['/api/catalog/movie/155?append_to_response=credits,secrets', 400],
		]
		for (const [url, status] of cases) {
			const response = await fetch(`${base}${url}`)
			expect({ url, status: response.status }).toEqual({ url, status })
			const body = (await response.json()) as { error?: string }
			expect(typeof body.error).toBe('string')
		}
	})

	it('seeds idempotently: a second start changes nothing', async () => {
		const before = await testDb.handle.db
			.selectFrom('catalog_titles')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(await seedDemo(testDb.handle)).toEqual({ loaded: 0, rolled: 0 })
		const after = await testDb.handle.db
			.selectFrom('catalog_titles')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(Number(after.n)).toBe(Number(before.n))
	})

	// Last: it moves the clock of the demo's dates forward.
	it('rolls airing and announced titles forward days later, keeping every older episode', async () => {
		const { db } = testDb.handle
		const countEpisodes = async () =>
			Number(
				(
					await db
						.selectFrom('catalog_episodes')
						.select((eb) => eb.fn.countAll<number>().as('n'))
						.executeTakeFirstOrThrow()
				).n,
			)
		const before = await countEpisodes()
		const firstSeason = await db
			.selectFrom('catalog_episodes')
			.select(['air_date'])
			.where('show_id', '=', 456)
			.where('season_number', '=', 1)
			.orderBy('episode_number')
			.execute()
		const later = new Date(Date.now() + 10 * 86_400_000)
		const result = await seedDemo(testDb.handle, { now: later })
		expect(result.loaded).toBe(0)
		expect(result.rolled).toBeGreaterThan(0)
		expect(await countEpisodes()).toBe(before)
		expect(
			await db
				.selectFrom('catalog_episodes')
				.select(['air_date'])
				.where('show_id', '=', 456)
				.where('season_number', '=', 1)
				.orderBy('episode_number')
				.execute(),
		).toEqual(firstSeason)
		const simpsons = await db
			.selectFrom('catalog_titles')
			.select('next_air_date')
			.where('media_type', '=', 'tv')
			.where('id', '=', 456)
			.executeTakeFirstOrThrow()
		expect(simpsons.next_air_date! > later.toISOString().slice(0, 10)).toBe(true)
	})
})
