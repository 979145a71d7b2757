import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryCache, setCacheForTests } from '#server/cache/cache.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { liveStatsPageData } from '#server/stats/stats.server.ts'
import { readLiveStats } from '#server/stats/live.server.ts'
import { syncWatchHistory } from '#server/sync/watch-history.server.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// Live stats (STATS_SOURCE=live) read from the synced watch history of SQLite and
// PostgreSQL: nothing below the 5-account floor, figures from the fifth account
// on, and the cache keeps an answer until it expires.

const SINTEL = 45745
const SERIES = 1399

async function addUser(testDb: TestDatabase) {
	const id = crypto.randomUUID()
	const now = Date.now()
	const username = `u${id.slice(0, 8)}`
	await testDb.handle.db
		.insertInto('users')
		.values({
			id,
			username,
			username_lower: username,
			email: `${username}@example.com`,
			email_lower: `${username}@example.com`,
			name: username,
			password_hash: 'h',
			four_k_token: null,
			created_at: now,
			updated_at: now,
		})
		.execute()
	return id
}

async function watchSintel(testDb: TestDatabase, userId: string, at = Date.now()) {
	await syncWatchHistory(testDb.handle, userId, {
		[SINTEL]: { type: 'movie', title: 'Sintel', year: 2010, updatedAt: at, progress: { watched: 300, duration: 888 } },
	})
}

describe.each(DIALECTS)('live stats on %s', (dialect) => {
	let testDb: TestDatabase
	beforeAll(async () => {
		process.env.STATS_CACHE_SECONDS = '300'
		resetEnvForTests()
		setCacheForTests(createMemoryCache())
		testDb = await createTestDatabase(dialect)
	})
	afterAll(async () => {
		delete process.env.STATS_CACHE_SECONDS
		resetEnvForTests()
		setCacheForTests(undefined)
		await testDb?.destroy()
	})

	it('a fresh install and four accounts show nothing; the fifth brings the figures', async () => {
		expect(await readLiveStats(testDb.handle)).toEqual({ kind: 'empty', accounts: 0 })
		const users = []
		for (let i = 0; i < 4; i++) {
			const id = await addUser(testDb)
			users.push(id)
			await watchSintel(testDb, id)
		}
		// An account that opened a series and watched nothing of it does not count.
		await syncWatchHistory(testDb.handle, await addUser(testDb), {
			[SERIES]: {
				type: 'show',
				title: 'Game of Thrones',
				updatedAt: Date.now(),
				episodes: {
					s1e1: {
						id: 1,
						number: 1,
						title: 'Winter Is Coming',
						seasonId: 1,
						season: 1,
						updatedAt: Date.now(),
						progress: { watched: 0, duration: 3600 },
					},
				},
			},
		})
		expect(await readLiveStats(testDb.handle)).toEqual({ kind: 'empty', accounts: 4 })

		const fifth = await addUser(testDb)
		await watchSintel(testDb, fifth)
		await syncWatchHistory(testDb.handle, fifth, {
			[SERIES]: {
				type: 'show',
				title: 'Game of Thrones',
				updatedAt: Date.now(),
				episodes: {
					s1e1: {
						id: 1,
						number: 1,
						title: 'Winter Is Coming',
						seasonId: 1,
						season: 1,
						updatedAt: Date.now(),
						progress: { watched: 1800, duration: 3600 },
					},
				},
			},
		})
		const page = await liveStatsPageData(testDb.handle)
		expect(page.kind).toBe('figures')
		if (page.kind !== 'figures') return
		expect(page.stats).toMatchObject({ accounts: 5, titlesWatched: 6, views: 6, watchSeconds: 5 * 300 + 1800 })
		expect(page.stats.activeAccounts).toEqual({ today: 5, week: 5, month: 5 })
		// Game of Thrones was watched by one account only: not named.
		expect(page.stats.topTitles).toEqual([{ id: SINTEL, type: 'movie', title: 'Sintel', accounts: 5, href: '/movies/45745-sintel' }])
		expect(page.stats.viewsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(6)
	})

	it('keeps the answer for STATS_CACHE_SECONDS', async () => {
		const first = await liveStatsPageData(testDb.handle)
		await watchSintel(testDb, await addUser(testDb))
		expect(await liveStatsPageData(testDb.handle)).toEqual(first)
		expect(await readLiveStats(testDb.handle)).toMatchObject({ kind: 'figures', stats: { accounts: 6 } })
	})
})
