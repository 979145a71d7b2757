import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, calendarToday, RECENT_DAYS } from '#app/lib/calendar/calendar.ts'
import { userCalendar } from '#server/calendar/calendar.server.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { syncBookmarks } from '#server/sync/bookmarks.server.ts'
import { syncWatchHistory } from '#server/sync/watch-history.server.ts'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// The release calendar on the demo catalogue, whose running series have
// episodes dated around the day it was loaded ("Here it all begins" airs daily).

const DAILY_SERIES = 112470
const MOVIE = 550

interface CalendarAnswer {
	seriesCount: number
	upcoming: Array<{ date: string; episodes: Array<{ seriesId: number; season: number; episode: number; airDate: string }> }>
	recent: Array<{ seriesId: number; season: number; episode: number; airDate: string }>
}

describe.each(DIALECTS)('release calendar on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	beforeAll(async () => {
		delete process.env.TMDB_API_KEY
		delete process.env.TMDB_READ_TOKEN
		resetEnvForTests()
		testDb = await createTestDatabase(dialect)
		await seedDemo(testDb.handle)
		api = await startApi(testDb.handle)
	})
	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
	})

	const ask = (body: unknown) => new ApiClient(api.baseUrl).post<CalendarAnswer & { error?: string }>('/api/calendar', body)

	it('lists the coming days in order and the recent episodes not watched', async () => {
		const today = calendarToday()
		const { status, body } = await ask({ series: [DAILY_SERIES, 999_999_999], watched: {} })
		expect(status).toBe(200)
		expect(body.seriesCount).toBe(1)
		const dates = body.upcoming.map((day) => day.date)
		expect(dates.length).toBeGreaterThan(20)
		expect(dates[0]! >= today).toBe(true)
		expect([...dates].sort()).toEqual(dates)
		expect(body.recent.length).toBeGreaterThan(0)
		expect(body.recent.every((entry) => entry.airDate < today && entry.airDate >= addDays(today, -RECENT_DAYS))).toBe(true)

		const newest = body.recent[0]!
		const watched = await ask({ series: [DAILY_SERIES], watched: { [DAILY_SERIES]: [`s${newest.season}e${newest.episode}`] } })
		expect(watched.body.recent).toHaveLength(body.recent.length - 1)
		expect(watched.body.recent.some((entry) => entry.season === newest.season && entry.episode === newest.episode)).toBe(false)
	})

	it('refuses bad input with 400 { error }', async () => {
		for (const body of [
			{ series: 'x' },
			{ series: [-1] },
			{ series: [2 ** 31] },
			{ series: Array.from({ length: 301 }, (_, i) => i + 1) },
			{ series: [1], watched: { 1: ['../etc'] } },
		]) {
			const response = await ask(body)
			expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400)
			expect(typeof response.body.error).toBe('string')
		}
	})

	it("renders a signed-in user's calendar from the account library", async () => {
		const browser = new ApiClient(api.baseUrl)
		const tag = `${Date.now().toString(36)}${dialect}`
		await browser.post('/api/auth/signup', {
			username: `cal_${tag}`,
			email: `cal_${tag}@example.com`,
			password: 'calendar password',
			passwordConfirm: 'calendar password',
		})
		const me = await browser.get<{ user: { id: string } }>('/api/users/me')
		const userId = me.body.user.id
		expect((await userCalendar(userId)).seriesCount).toBe(0)
		const now = Date.now()
		await syncBookmarks(testDb.handle, userId, {
			bookmarks: [
				{ mediaId: DAILY_SERIES, category: 'watchlist', addedAt: now, mediaType: 'tv', title: 'Here it all begins' },
				{ mediaId: MOVIE, category: 'watchlist', addedAt: now, mediaType: 'movie', title: 'Fight Club' },
			],
			tombstones: [],
		})
		const calendar = await userCalendar(userId)
		expect(calendar.seriesCount).toBe(1)
		expect(calendar.upcoming.length).toBeGreaterThan(0)
		const newest = calendar.recent[0]!
		await syncWatchHistory(testDb.handle, userId, {
			[String(DAILY_SERIES)]: {
				type: 'show',
				title: 'Here it all begins',
				updatedAt: now,
				episodes: {
					[`s${newest.season}e${newest.episode}`]: {
						id: 1,
						number: newest.episode,
						title: '',
						seasonId: 1,
						season: newest.season,
						updatedAt: now,
						progress: { watched: 1300, duration: 1400 },
					},
				},
			},
		})
		expect((await userCalendar(userId)).recent).toHaveLength(calendar.recent.length - 1)
	})

	it('gives a signed-in user a private .ics feed link; a new link revokes the old, and DELETE revokes it', async () => {
		expect((await new ApiClient(api.baseUrl).post('/api/calendar/feed')).status).toBe(401)
		const browser = new ApiClient(api.baseUrl)
		const tag = `${Date.now().toString(36)}f${dialect}`
		await browser.post('/api/auth/signup', {
			username: `feed_${tag}`,
			email: `feed_${tag}@example.com`,
			password: 'calendar password',
			passwordConfirm: 'calendar password',
		})
		const userId = (await browser.get<{ user: { id: string } }>('/api/users/me')).body.user.id
		await syncBookmarks(testDb.handle, userId, {
			bookmarks: [{ mediaId: DAILY_SERIES, category: 'watchlist', addedAt: Date.now(), mediaType: 'tv', title: 'Here it all begins' }],
			tombstones: [],
		})
		expect((await browser.get<{ createdAt: number | null }>('/api/calendar/feed')).body.createdAt).toBeNull()

		const first = await browser.post<{ url: string }>('/api/calendar/feed')
		expect(first.status).toBe(201)
		const firstPath = new URL(first.body.url).pathname
		expect(firstPath).toMatch(/^\/api\/calendar\/feed\/[\w-]{20,64}\.ics$/)
		// A calendar app has no session: the secret URL alone answers.
		const feed = await fetch(`${api.baseUrl}${firstPath}`)
		expect(feed.status).toBe(200)
		expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/)
		const ics = await feed.text()
		expect(ics).toMatch(/^BEGIN:VCALENDAR/)
		expect(ics).toContain('SUMMARY:Here it all begins S')
		expect(ics).toMatch(/DTSTART;VALUE=DATE:\d{8}/)
		expect((await browser.get<{ createdAt: number | null }>('/api/calendar/feed')).body.createdAt).toBeGreaterThan(0)

		const second = await browser.post<{ url: string }>('/api/calendar/feed')
		expect((await fetch(`${api.baseUrl}${firstPath}`)).status).toBe(404)
		const secondPath = new URL(second.body.url).pathname
		expect((await fetch(`${api.baseUrl}${secondPath}`)).status).toBe(200)
		expect((await browser.request('DELETE', '/api/calendar/feed')).status).toBe(200)
		expect((await fetch(`${api.baseUrl}${secondPath}`)).status).toBe(404)
		expect((await fetch(`${api.baseUrl}/api/calendar/feed/nope.ics`)).status).toBe(404)
	})
})
