import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StatsRecord } from '#app/lib/stats/record.ts'
import { createMemoryCache, setCacheForTests } from '../cache/cache.server.ts'
import { setCatalogBackendForTests } from '../catalog/catalog.server.ts'
import { HttpError, notFound } from '../http/errors.server.ts'
import { statsPageData } from './stats.server.ts'

// The catalogue knows two of the movies, lacks one and fails for another.
const CATALOGUE: Record<number, string> = { 155: 'The Dark Knight', 603: 'The Matrix: Reloaded Cut' }
const FAILING_ID = 999

const record: StatsRecord = {
	launchDate: '2025-02-23',
	totalWatchTime: 7200,
	totalMoviesWatched: 10,
	totalDataTransferred: 1,
	activeUsers: { today: 1, week: 2, month: 3 },
	serverLoad: 64,
	growthRate: 37,
	topMovies: [
		{ id: 155, title: 'The Dark Knight', watches: 30 },
		{ id: 872585, title: 'Oppenheimer', watches: 20 },
		{ id: 603, title: 'The Matrix', watches: 15 },
		{ id: FAILING_ID, title: 'Broken', watches: 5 },
	],
	watchesByDay: [{ day: 'Monday', count: 10 }],
	mostActiveCountries: [{ country: 'Canada', users: 2 }],
}

beforeAll(() => {
	setCacheForTests(createMemoryCache())
	setCatalogBackendForTests({
		async get(route) {
			if (route.name !== 'details' || route.media !== 'movie') throw notFound()
			if (route.id === FAILING_ID) throw new HttpError(502, 'The movie database is unavailable')
			const title = CATALOGUE[route.id]
			if (!title) throw notFound()
			return { id: route.id, title, original_title: title }
		},
	})
})

afterAll(() => {
	setCatalogBackendForTests(undefined)
	setCacheForTests(undefined)
})

describe('stats page data', () => {
	it('links the most watched movies the catalogue holds, with the catalogue title in the slug', async () => {
		const { stats } = await statsPageData(new Date('2025-03-01T10:00:00Z'), record)
		expect(stats.topMovies.map((m) => [m.title, m.href])).toEqual([
			['The Dark Knight', '/movies/155-the-dark-knight'],
			['Oppenheimer', null],
			['The Matrix', '/movies/603-the-matrix--reloaded-cut'],
			['Broken', null],
		])
	})

	it('keeps every other figure of the record and counts the days since launch', async () => {
		const data = await statsPageData(new Date('2025-03-01T10:00:00Z'), record)
		expect(data.daysSinceLaunch).toBe(6)
		expect(data.stats).toMatchObject({
			totalWatchTime: 7200,
			activeUsers: { today: 1, week: 2, month: 3 },
			watchesByDay: record.watchesByDay,
			mostActiveCountries: record.mostActiveCountries,
		})
	})

	it('reads the static record by default', async () => {
		const data = await statsPageData(new Date('2026-01-01T00:00:00Z'))
		expect(data.stats.launchDate).toBe('2025-02-23')
		expect(data.stats.topMovies.length).toBeGreaterThan(0)
		expect(data.stats.topMovies.find((m) => m.id === 155)?.href).toBe('/movies/155-the-dark-knight')
	})
})
