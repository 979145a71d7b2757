import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { createMemoryCache, setCacheForTests } from '#server/cache/cache.server.ts'
import { catalogGet, catalogMode, setCatalogBackendForTests } from '#server/catalog/catalog.server.ts'
import { createLiveCatalog } from '#server/catalog/live.server.ts'
import { parseCatalogRoute } from '#server/catalog/tmdb-paths.ts'
import {
	EpisodeDetailsSchema,
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
import { HttpError } from '#server/http/errors.server.ts'
import { logger } from '#server/logger.server.ts'
import { readFixture } from '#tests/support/catalog-fixtures.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { FAKE_TMDB_KEY, FAKE_TMDB_TOKEN, startFakeTmdb, type FakeTmdb } from '#tests/support/fake-tmdb.ts'
import { startTestApp, type RunningApp } from '#tests/support/servers.ts'

let tmdb: FakeTmdb
const quiet = logger.child({})
quiet.level = 'silent'

beforeAll(async () => {
	tmdb = await startFakeTmdb()
})
afterAll(async () => {
	await tmdb?.close()
})
afterEach(() => {
	tmdb.reset()
	vi.useRealTimers()
	vi.restoreAllMocks()
})

function live(overrides: Partial<Parameters<typeof createLiveCatalog>[0]> = {}) {
	return createLiveCatalog({
		apiBase: tmdb.apiBase,
		readToken: FAKE_TMDB_TOKEN,
		cache: createMemoryCache(),
		backoffMs: 5,
		logger: quiet,
		...overrides,
	})
}

const get = (catalog: ReturnType<typeof live>, path: string, query: Record<string, string> = {}) =>
	catalog.get(parseCatalogRoute(path, query))

describe('live TMDB back end against a fake TMDB', () => {
	it('answers every endpoint with TMDB’s own response, in the contract’s shapes', async () => {
		const catalog = live()
		const cases: Array<[string, Record<string, string>, z.ZodType, string]> = [
			['/movie/popular', {}, MoviePageSchema, 'movie-popular.json'],
			['/movie/top_rated', {}, MoviePageSchema, 'movie-top-rated.json'],
			['/movie/upcoming', {}, UpcomingPageSchema, 'movie-upcoming.json'],
			['/tv/popular', {}, TvPageSchema, 'tv-popular.json'],
			['/tv/on_the_air', {}, TvPageSchema, 'tv-on-the-air.json'],
			['/search/multi', { query: 'Brad' }, MultiPageSchema, 'search-multi.json'],
			['/trending/movie/day', {}, TrendingMoviePageSchema, 'trending-movie-day.json'],
			['/trending/tv/week', {}, TrendingTvPageSchema, 'trending-tv-week.json'],
			['/discover/movie', { with_genres: '28', watch_region: 'US', with_watch_providers: '8' }, MoviePageSchema, 'discover-movie.json'],
			['/discover/tv', {}, TvPageSchema, 'discover-tv.json'],
			['/genre/movie/list', {}, GenreListSchema, 'genre-movie-list.json'],
			['/genre/tv/list', {}, GenreListSchema, 'genre-tv-list.json'],
			['/movie/550', { append_to_response: 'credits,release_dates,external_ids,images' }, MovieDetailsSchema, 'movie-550.json'],
			['/movie/550/images', {}, ImagesSchema, 'movie-550-images.json'],
			['/movie/550/watch/providers', {}, WatchProvidersSchema, 'movie-550-watch-providers.json'],
			['/tv/1399', { append_to_response: 'external_ids' }, TvDetailsSchema, 'tv-1399.json'],
			['/tv/1399/season/1', {}, SeasonDetailsSchema, 'tv-1399-season-1.json'],
			[
				'/tv/1399/season/1/episode/1',
				{ append_to_response: 'credits,external_ids' },
				EpisodeDetailsSchema,
				'tv-1399-season-1-episode-1.json',
			],
		]
		for (const [path, query, schema, fixture] of cases) {
			const answer = await get(catalog, path, query)
			expect(schema.safeParse(answer).success).toBe(true)
			expect(answer).toEqual(readFixture(fixture))
		}
		// The credential travels in the header only; validated parameters are passed on.
		expect(tmdb.authorizations.every((a) => a === `Bearer ${FAKE_TMDB_TOKEN}`)).toBe(true)
		const discover = new URL(
			tmdb.calls.find((c) => c.startsWith('/3/discover/movie'))!,
			'http://x',
		)
		expect(Object.fromEntries(discover.searchParams)).toEqual({
			with_genres: '28',
			watch_region: 'US',
			with_watch_providers: '8',
			page: '1',
			sort_by: 'popularity.desc',
		})
	})

	it('sends an API key as the api_key parameter when no read token is set', async () => {
		const catalog = live({ readToken: undefined, apiKey: FAKE_TMDB_KEY })
		await get(catalog, '/genre/tv/list')
		expect(tmdb.calls[0]).toContain(`api_key=${FAKE_TMDB_KEY}`)
		expect(tmdb.authorizations[0]).toBeUndefined()
	})

	it('coalesces 100 concurrent identical misses into one upstream call', async () => {
		tmdb.setDelay(50)
		const catalog = live()
		const answers = await Promise.all(Array.from({ length: 100 }, () => get(catalog, '/movie/popular', { page: '1' })))
		expect(tmdb.calls).toHaveLength(1)
		expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
		// A second wave is served from the cache.
		await get(catalog, '/movie/popular')
		expect(tmdb.calls).toHaveLength(1)
	})

	it('retries 5xx answers with backoff', async () => {
		const catalog = live()
		tmdb.failNext({ status: 503 }, { status: 502 })
		expect(await get(catalog, '/tv/popular')).toEqual(readFixture('tv-popular.json'))
		expect(tmdb.calls).toHaveLength(3)
	})

	it('waits as long as a 429’s Retry-After says before trying again', async () => {
		// A fake clock and a scripted fetch (no sockets, so nothing else runs on the
		// clock): the retry happens exactly when Retry-After ends, not a moment before.
		vi.useFakeTimers()
		const sentAt: number[] = []
		const scripted: typeof fetch = async () => {
			sentAt.push(Date.now())
			return sentAt.length === 1
				? new Response(null, { status: 429, statusText: 'Too Many Requests', headers: { 'retry-after': '1' } })
				: Response.json(readFixture('tv-on-the-air.json'))
		}
		const answer = get(live({ fetch: scripted }), '/tv/on_the_air')
		await vi.advanceTimersByTimeAsync(999)
		expect(sentAt).toHaveLength(1)
		await vi.advanceTimersByTimeAsync(1)
		expect(sentAt).toHaveLength(2)
		expect(sentAt[1]! - sentAt[0]!).toBe(1000)
		expect(await answer).toEqual(readFixture('tv-on-the-air.json'))
	})

	it('gives up after its attempts with an error carrying the status text, and does not retry a 401', async () => {
		const catalog = live({ attempts: 2 })
		tmdb.setOutage(503)
		const failure = await get(catalog, '/movie/top_rated').catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(HttpError)
		expect((failure as HttpError).status).toBe(502)
		expect((failure as HttpError).message).toContain('503 Service Unavailable')
		expect(tmdb.calls).toHaveLength(2)

		tmdb.reset()
		const badKey = live({ readToken: 'wrong' })
		const unauthorized = await get(badKey, '/movie/top_rated').catch((error: unknown) => error)
		expect((unauthorized as HttpError).message).toContain('401 Unauthorized')
		expect(tmdb.calls).toHaveLength(1)
	})

	it('passes a 404 through as a 404, asking TMDB once, and remembers the miss for a while', async () => {
		tmdb.reset()
		const catalog = live()
		for (let i = 0; i < 5; i++) {
			const failure = await get(catalog, '/movie/999').catch((error: unknown) => error)
			expect((failure as HttpError).status).toBe(404)
		}
		// A title TMDB does not have costs one request, not one (or three) per visit.
		expect(tmdb.calls.filter((call) => call.startsWith('/3/movie/999'))).toHaveLength(1)
	})

	it('times out a slow TMDB after the configured time', async () => {
		// TMDB would answer after 5 s, with success: a failure can only come from
		// the request's own timeout, set to the configured 100 ms.
		tmdb.setDelay(5_000)
		const timeouts = vi.spyOn(AbortSignal, 'timeout')
		const catalog = live({ timeoutMs: 100, attempts: 1 })
		const failure = await get(catalog, '/movie/popular').catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(HttpError)
		expect((failure as HttpError).status).toBe(502)
		expect((failure as HttpError).message).toContain('TMDB is unreachable')
		expect(timeouts.mock.calls).toEqual([[100]])
		expect(tmdb.calls).toHaveLength(1)
	})

	it('serves stale answers while TMDB is down, and refreshes when it is back', async () => {
		const catalog = live({ ttl: () => ({ ttlMs: 1, staleMs: 60_000 }) })
		const fresh = await get(catalog, '/movie/upcoming')
		await new Promise((r) => setTimeout(r, 5))
		tmdb.setOutage(503)
		expect(await get(catalog, '/movie/upcoming')).toEqual(fresh)
		await new Promise((r) => setTimeout(r, 50))
		expect(await get(catalog, '/movie/upcoming')).toEqual(fresh)
	})
})

describe('catalogGet and /api/catalog in live mode', () => {
	let server: RunningApp
	let base: string
	let testDb: TestDatabase

	beforeAll(async () => {
		testDb = await createTestDatabase('sqlite')
		setDatabaseForTests(testDb.handle)
		setCacheForTests(createMemoryCache())
		process.env.TMDB_READ_TOKEN = FAKE_TMDB_TOKEN
		process.env.TMDB_API_BASE = tmdb.apiBase
		process.env.CANONICAL_HOST = ''
		resetEnvForTests()
		setCatalogBackendForTests(undefined)
		server = await startTestApp()
		base = server.baseUrl
	})

	afterAll(async () => {
		await server?.close()
		delete process.env.TMDB_READ_TOKEN
		delete process.env.TMDB_API_BASE
		resetEnvForTests()
		setCatalogBackendForTests(undefined)
		setCacheForTests(undefined)
		setDatabaseForTests(undefined)
		await testDb?.destroy()
	})

	it('uses live TMDB when a credential is set, and never leaks it', async () => {
		expect(catalogMode()).toBe('live')
		expect(await catalogGet('/tv/1399/season/1')).toEqual(readFixture('tv-1399-season-1.json'))
		const response = await fetch(`${base}/api/catalog/movie/550?append_to_response=credits`)
		expect(response.status).toBe(200)
		const text = await response.text()
		expect(text).not.toContain(FAKE_TMDB_TOKEN)
		expect(JSON.parse(text)).toMatchObject({ id: 550, title: 'Fight Club' })
	})

	it('bounds numbers and id lists before anything reaches TMDB', async () => {
		tmdb.reset()
		for (const query of [
			'vote_count.gte=99999999999',
			'vote_count.gte=1.5',
			`with_genres=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`,
			'with_genres=12345678901',
			'without_genres=1,2,x',
		]) {
			const response = await fetch(`${base}/api/catalog/discover/movie?${query}`)
			expect({ query, status: response.status }).toEqual({ query, status: 400 })
		}
		expect(tmdb.calls).toHaveLength(0)
	})

	it('rejects bad parameters before calling TMDB', async () => {
		tmdb.reset()
		const response = await fetch(`${base}/api/catalog/discover/movie?page=9999`)
		expect(response.status).toBe(400)
		expect((await fetch(`${base}/api/catalog/person/1`)).status).toBe(404)
		expect(tmdb.calls).toHaveLength(0)
	})
})

describe('catalog:sync against the fake TMDB', () => {
	it('mirrors lists and details into the local catalogue, skipping titles TMDB cannot give', async () => {
		const { syncFromTmdb } = await import('#server/catalog/tmdb-mirror.server.ts')
		const { createLocalCatalog } = await import('#server/catalog/local.server.ts')
		const testDb = await createTestDatabase('sqlite')
		try {
			const failed: string[] = []
			const summary = await syncFromTmdb(testDb.handle, live(), {
				pages: 1,
				ids: ['movie:550', 'tv:1399'],
				onError: (title) => failed.push(title),
			})
			// The fixtures hold details for Fight Club and Game of Thrones only; listed titles 404 and are skipped.
			expect(summary.imported).toBe(2)
			expect(summary.failed).toBe(summary.listed - 2)
			expect(failed).not.toContain('movie:550')
			// Alternative titles are kept, so files and import rows using them match (decision 0039).
			for (const path of ['/movie/550', '/tv/1399'])
				expect(decodeURIComponent(tmdb.calls.find((call) => call.split('?')[0]!.endsWith(path)) ?? '')).toMatch(
					/append_to_response=[^&]*alternative_titles/,
				)
			const local = createLocalCatalog(testDb.handle)
			const movie = (await local.get(parseCatalogRoute('/movie/550', { append_to_response: 'credits,external_ids' }))) as {
				title: string
				imdb_id: string
				credits: { cast: Array<{ name: string }> }
			}
			expect(movie).toMatchObject({ title: 'Fight Club', imdb_id: 'tt0137523' })
			expect(movie.credits.cast[0]!.name).toBe('Edward Norton')
			const season = (await local.get(parseCatalogRoute('/tv/1399/season/1'))) as { episodes: Array<{ name: string }> }
			expect(season.episodes[0]!.name).toBe('Winter Is Coming')
			const search = (await local.get(parseCatalogRoute('/search/multi', { query: 'fight club' }))) as { results: Array<{ id: number }> }
			expect(search.results[0]!.id).toBe(550)
		} finally {
			await testDb.destroy()
		}
	})
})

describe('catalog:check-demo against the fake TMDB', () => {
	it('compares demo titles with TMDB’s details and reports ids TMDB does not know', async () => {
		const { checkAgainstTmdb, formatChecks } = await import('#server/catalog/demo/check.server.ts')
		const { demoCataloguePath, readDemoCatalogue } = await import('#server/catalog/demo.server.ts')
		const demo = await readDemoCatalogue(demoCataloguePath()!)
		const titles = demo.filter((item) => (item.kind === 'movie' && item.id === 550) || (item.kind === 'tv' && item.id === 1399))
		expect(titles).toHaveLength(2)
		const missing = { ...titles[0]!, id: 999_999_999 }
		const checks = await checkAgainstTmdb(live(), [...titles, missing])
		const byId = new Map(checks.map((check) => [check.id, check]))
		// Game of Thrones' seasons, episode counts, premieres and last air date are TMDB's own.
		expect(byId.get(1399)).toEqual({ media: 'tv', id: 1399, name: 'Game of Thrones', differences: [] })
		// The 3,000-movie data set predates TMDB adding Thriller to Fight Club.
		expect(byId.get(550)?.differences).toEqual([{ field: 'genres', ours: '18', tmdb: '18, 53' }])
		expect(byId.get(999_999_999)?.error).toBe('TMDB has no title with this id')
		expect(tmdb.calls.filter((call) => call.startsWith('/3/tv/1399?'))).toHaveLength(1)
		expect(formatChecks(checks).split('\n').at(-1)).toBe('Checked 3 titles: 1 match TMDB, 1 differ, 1 could not be checked.')
	})
})
