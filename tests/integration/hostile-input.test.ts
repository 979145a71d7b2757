import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// Input PostgreSQL cannot store (ids past its integer, NUL characters, lone
// surrogates) is refused with 400 { error } before it reaches the database,
// on both dialects alike, never a 500.

const LONE_SURROGATE = 'bad \ud800 text'
const NUL = 'bad \u0000 text'

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	let signedIn: ApiClient
	beforeAll(async () => {
		delete process.env.TMDB_API_KEY
		delete process.env.TMDB_READ_TOKEN
		resetEnvForTests()
		testDb = await createTestDatabase(dialect)
		await seedDemo(testDb.handle)
		api = await startApi(testDb.handle)
		signedIn = new ApiClient(api.baseUrl)
		const tag = `${Date.now().toString(36)}${dialect}`
		await signedIn.post('/api/auth/signup', {
			username: `hostile_${tag}`,
			email: `hostile_${tag}@example.com`,
			password: 'hostile password',
			passwordConfirm: 'hostile password',
		})
	})
	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
	})

	const expectRefused = async (response: { status: number; body: unknown }, what: string) => {
		expect(response.status, what).toBeGreaterThanOrEqual(400)
		expect(response.status, what).toBeLessThan(500)
		expect(typeof (response.body as { error?: unknown }).error, what).toBe('string')
	}

	it('refuses ids past 2^31 - 1 in paths and bodies', async () => {
		await expectRefused(await signedIn.get('/api/catalog/movie/9999999999'), 'catalogue path')
		await expectRefused(await signedIn.get('/api/catalog/tv/2147483648/season/1'), 'season path')
		await expectRefused(await signedIn.post('/api/calendar', { series: [9_999_999_999] }), 'calendar')
		// A sync skips the record (and names it) rather than refusing the batch.
		const sync = await signedIn.post<{ skipped?: unknown[] }>('/api/sync/bookmarks', {
			bookmarks: [{ mediaId: 9_999_999_999, category: 'watchlist', addedAt: Date.now(), mediaType: 'movie' }],
			tombstones: [],
		})
		expect(sync.status).toBe(200)
		expect(sync.body.skipped).toHaveLength(1)
		// A watch-history key is an id too: skipped by name, and the rest of the batch is kept.
		const item = { type: 'movie', title: 'Far', updatedAt: Date.now(), progress: { watched: 1, duration: 2 } }
		for (const key of ['9999999999', '2147483648']) {
			const history = await signedIn.post<{ skipped?: Array<{ at: string }>; items: Record<string, unknown> }>('/api/sync/watch-history', {
				items: { [key]: item, '603': item },
			})
			expect(history.status, `watch-history key ${key}`).toBe(200)
			expect(history.body.skipped?.map((skipped) => skipped.at)).toEqual([key])
			expect(Object.keys(history.body.items)).toContain('603')
			expect(Object.keys(history.body.items)).not.toContain(key)
		}
		const largest = await signedIn.post<{ skipped?: unknown[] }>('/api/sync/watch-history', { items: { '2147483647': item } })
		expect(largest.status).toBe(200)
		expect(largest.body.skipped).toBeUndefined()
		await expectRefused(
			await signedIn.post('/api/calendar', { series: [1399], watched: { '9999999999': ['s1e1'] } }),
			'calendar watched key',
		)
		await expectRefused(await signedIn.get('/api/catalog/discover/movie?with_genres=9999999999'), 'discover genre id')
		await expectRefused(await signedIn.get('/api/sources/lookup?type=movie&tmdbId=9999999999'), 'source lookup')
	})

	it('refuses NUL characters and lone surrogates in bodies and queries', async () => {
		for (const text of [NUL, LONE_SURROGATE]) {
			const label = JSON.stringify(text)
			await expectRefused(await signedIn.request('PATCH', '/api/users/me', { name: text }), `name ${label}`)
			await expectRefused(
				await new ApiClient(api.baseUrl).post('/api/auth/login', { username: text, password: 'whatever password' }),
				`login ${label}`,
			)
			await expectRefused(
				await new ApiClient(api.baseUrl).post('/api/auth/signup', {
					username: `x${text}`,
					email: 'x@example.com',
					password: 'whatever password',
					passwordConfirm: 'whatever password',
				}),
				`signup ${label}`,
			)
			// A sync skips the record holding it (one bad title must not stop a device's sync for good).
			const sync = await signedIn.post<{ bookmarks: Array<{ category: string }>; skipped?: unknown[] }>('/api/sync/bookmarks', {
				bookmarks: [
					{ mediaId: 550, category: text, addedAt: Date.now(), mediaType: 'movie' },
					{ mediaId: 603, category: 'watchlist', addedAt: Date.now(), mediaType: 'movie', title: text },
				],
				tombstones: [],
			})
			expect(sync.status, `sync ${label}`).toBe(200)
			// The bad category makes its record invalid (skipped); a bad title is left out of its record.
			expect(sync.body.skipped, `sync ${label}`).toHaveLength(1)
			expect(JSON.stringify(sync.body.bookmarks)).not.toContain('bad ')
		}
	})

	it('refuses NUL in query strings and paths; percent-encoded lone surrogates never reach the database', async () => {
		await expectRefused(await signedIn.get(`/api/catalog/search/multi?query=${encodeURIComponent(NUL)}`), 'search NUL')
		await expectRefused(await signedIn.get('/api/catalog/movie/550%00'), 'path NUL')
		// U+D800 written as UTF-8 bytes is not UTF-8: either refused or left undecoded, never a 500.
		const surrogate = await signedIn.get('/api/catalog/search/multi?query=bad%ED%A0%80text')
		expect(surrogate.status).toBeLessThan(500)
	})
})
