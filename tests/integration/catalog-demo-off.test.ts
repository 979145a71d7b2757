import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { catalogGet, seedDemoCatalogue } from '#server/catalog/catalog.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { parseEnv, resetEnvForTests } from '#server/env.server.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'
import { startServerProcess, startTestApp, type RunningApp, type ServerProcess } from '#tests/support/servers.ts'

// CATALOG_DEMO=off: owners who import their own catalogue start with an empty
// one, and every page and endpoint must still answer (empty rows, no 5xx).

const countTitles = async (testDb: TestDatabase) =>
	Number(
		(
			await testDb.handle.db
				.selectFrom('catalog_titles')
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirstOrThrow()
		).n,
	)

const savedDemo = process.env.CATALOG_DEMO
function setDemo(value: string | undefined) {
	if (value === undefined) delete process.env.CATALOG_DEMO
	else process.env.CATALOG_DEMO = value
	resetEnvForTests()
}

describe('CATALOG_DEMO', () => {
	it('is on by default, accepts on/off/true/false/1/0 and rejects anything else', () => {
		expect(parseEnv({}).CATALOG_DEMO).toBe(true)
		expect(parseEnv({ CATALOG_DEMO: 'off' }).CATALOG_DEMO).toBe(false)
		expect(parseEnv({ CATALOG_DEMO: '0' }).CATALOG_DEMO).toBe(false)
		expect(parseEnv({ CATALOG_DEMO: 'false' }).CATALOG_DEMO).toBe(false)
		expect(parseEnv({ CATALOG_DEMO: 'on' }).CATALOG_DEMO).toBe(true)
		expect(() => parseEnv({ CATALOG_DEMO: 'maybe' })).toThrow(/CATALOG_DEMO/)
	})
})

describe.each(DIALECTS)('an empty catalogue with CATALOG_DEMO=off on %s', (dialect) => {
	let testDb: TestDatabase
	let server: RunningApp
	let base: string

	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
		setDatabaseForTests(testDb.handle)
		process.env.CANONICAL_HOST = ''
		setDemo('off')
		await seedDemoCatalogue(testDb.handle)
		server = await startTestApp()
		base = server.baseUrl
	})

	afterAll(async () => {
		setDemo(savedDemo)
		await server?.close()
		setDatabaseForTests(undefined)
		await testDb?.destroy()
	})

	it('loads no demo titles', async () => {
		expect(await countTitles(testDb)).toBe(0)
	})

	it('answers every list with an empty page and details with 404', async () => {
		const lists = [
			'/movie/popular',
			'/movie/top_rated',
			'/movie/upcoming',
			'/tv/popular',
			'/tv/top_rated',
			'/tv/on_the_air',
			'/trending/movie/week',
			'/trending/tv/day',
			'/discover/movie',
			'/discover/tv',
		]
		for (const list of lists) {
			const page = await catalogGet<{ results: unknown[]; total_results: number }>(list)
			expect({ list, results: page.results, total: page.total_results }).toEqual({ list, results: [], total: 0 })
		}
		const search = await catalogGet<{ results: unknown[] }>('/search/multi', { query: 'star' })
		expect(search.results).toEqual([])
		for (const url of [
			'/api/catalog/movie/popular',
			'/api/catalog/tv/on_the_air',
			'/api/catalog/discover/tv?with_watch_providers=8&watch_region=US',
		]) {
			const response = await fetch(`${base}${url}`)
			expect({ url, status: response.status }).toEqual({ url, status: 200 })
			expect(((await response.json()) as { results: unknown[] }).results).toEqual([])
		}
		const missing = await fetch(`${base}/api/catalog/movie/155`)
		expect(missing.status).toBe(404)
		expect(((await missing.json()) as { error: string }).error).toEqual(expect.any(String))
	})
})

describe('the same database with CATALOG_DEMO=on', () => {
	afterAll(() => setDemo(savedDemo))

	it('does load the demo catalogue', async () => {
		const testDb = await createTestDatabase('sqlite')
		try {
			setDemo('on')
			await seedDemoCatalogue(testDb.handle)
			expect(await countTitles(testDb)).toBeGreaterThan(300)
		} finally {
			await testDb.destroy()
		}
	})
})

// Pages are rendered by the production build (scripts/test.sh builds first).
describe('the site with CATALOG_DEMO=off and an empty catalogue', () => {
	let server: ServerProcess | undefined

	afterEach(async () => {
		await server?.stop()
		server = undefined
	})

	it('renders every catalogue page without a server error', async () => {
		server = await startServerProcess({ CATALOG_DEMO: 'off' }, { readyPath: '/healthz' })
		const { origin } = server
		const pages = [
			'/',
			'/movies',
			'/series',
			'/search?q=star',
			'/categories',
			'/categories/action',
			'/networks',
			'/networks/netflix',
			'/discover',
			'/4k',
			'/stats',
			'/sitemap.xml',
		]
		for (const page of pages) {
			const response = await fetch(`${origin}${page}`)
			expect({ page, status: response.status }).toEqual({ page, status: 200 })
		}
		// Nothing was seeded: a demo title is simply not found.
		expect((await fetch(`${origin}/movies/155`)).status).toBe(404)
		expect((await fetch(`${origin}/series/1399`)).status).toBe(404)
	}, 90_000)
})
