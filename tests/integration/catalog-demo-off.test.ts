import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { catalogGet, seedDemoCatalogue } from '#server/catalog/catalog.server.ts'
import { createApp } from '#server/create-app.server.ts'
import { setDatabaseForTests } from '#server/db/db.server.ts'
import { parseEnv, resetEnvForTests } from '#server/env.server.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// CATALOG_DEMO=off: owners who import their own catalogue start with an empty
// one, and every page and endpoint must still answer (empty rows, no 5xx).

const countTitles = async (testDb: TestDatabase) => Number((await testDb.handle.db.selectFrom('catalog_titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

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
	let server: Server
	let base: string

	beforeAll(async () => {
		testDb = await createTestDatabase(dialect)
		setDatabaseForTests(testDb.handle)
		process.env.CANONICAL_HOST = ''
		setDemo('off')
		await seedDemoCatalogue(testDb.handle)
		server = createApp().listen(0)
		await new Promise((r) => server.once('listening', r))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})

	afterAll(async () => {
		setDemo(savedDemo)
		if (server) await new Promise((r) => server.close(r))
		setDatabaseForTests(undefined)
		await testDb?.destroy()
	})

	it('loads no demo titles', async () => {
		expect(await countTitles(testDb)).toBe(0)
	})

	it('answers every list with an empty page and details with 404', async () => {
		const lists = ['/movie/popular', '/movie/top_rated', '/movie/upcoming', '/tv/popular', '/tv/top_rated', '/tv/on_the_air', '/trending/movie/week', '/trending/tv/day', '/discover/movie', '/discover/tv']
		for (const list of lists) {
			const page = await catalogGet<{ results: unknown[]; total_results: number }>(list)
			expect({ list, results: page.results, total: page.total_results }).toEqual({ list, results: [], total: 0 })
		}
		const search = await catalogGet<{ results: unknown[] }>('/search/multi', { query: 'star' })
		expect(search.results).toEqual([])
		for (const url of ['/api/catalog/movie/popular', '/api/catalog/tv/on_the_air', '/api/catalog/discover/tv?with_watch_providers=8&watch_region=US']) {
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
	const buildDir = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build')
	let child: ReturnType<typeof spawn> | undefined

	afterEach(() => {
		child?.kill('SIGKILL')
		child = undefined
	})

	it('renders every catalogue page without a server error', async () => {
		if (!fs.existsSync(path.join(buildDir, 'server', 'index.js'))) throw new Error('Build the site first: npx react-router build')
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-nodemo-'))
		const port = 4100 + Math.floor(Math.random() * 400)
		child = spawn(process.execPath, ['server.js'], {
			env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), WEB_CONCURRENCY: '1', DATABASE_URL: '', REDIS_URL: '', TMDB_API_KEY: '', TMDB_READ_TOKEN: '', CANONICAL_HOST: '', CATALOG_DEMO: 'off' },
			stdio: 'ignore',
		})
		const origin = `http://127.0.0.1:${port}`
		const until = Date.now() + 60_000
		for (;;) {
			try {
				if ((await fetch(`${origin}/healthz`)).ok) break
			} catch {
				// not listening yet
			}
			if (Date.now() > until) throw new Error('the server did not come up')
			await new Promise((r) => setTimeout(r, 200))
		}
		const pages = ['/', '/movies', '/series', '/search?q=star', '/categories', '/categories/action', '/networks', '/networks/netflix', '/discover', '/4k', '/stats', '/sitemap.xml']
		for (const page of pages) {
			const response = await fetch(`${origin}${page}`)
			expect({ page, status: response.status }).toEqual({ page, status: 200 })
		}
		// Nothing was seeded: a demo title is simply not found.
		expect((await fetch(`${origin}/movies/155`)).status).toBe(404)
		expect((await fetch(`${origin}/series/1399`)).status).toBe(404)
	}, 90_000)
})
