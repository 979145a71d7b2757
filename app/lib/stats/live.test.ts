import { describe, expect, it } from 'vitest'
import { LIVE_STATS_MIN_ACCOUNTS, summarizeWatchRows, type LiveEpisodeRow, type LiveItemRow } from './live.ts'

// 2026-11-23 was a Monday.
const MONDAY = Date.UTC(2026, 10, 23, 20)
const NOW = MONDAY + 3_600_000
const DAY = 86_400_000

const movie = (userId: string, mediaId: number, title: string, watched: number, updatedAt = MONDAY, extra: object = {}): LiveItemRow => ({
	userId,
	mediaId,
	updatedAt,
	data: JSON.stringify({ type: 'movie', title, updatedAt, progress: { watched, duration: 600 }, ...extra }),
})
const show = (userId: string, mediaId: number, title: string, updatedAt = MONDAY): LiveItemRow => ({
	userId,
	mediaId,
	updatedAt,
	data: JSON.stringify({ type: 'show', title, updatedAt }),
})
const episode = (userId: string, mediaId: number, key: string, watched: number, updatedAt = MONDAY): LiveEpisodeRow => ({
	userId,
	mediaId,
	updatedAt,
	data: JSON.stringify({ id: 1, number: 1, title: key, seasonId: 1, season: 1, updatedAt, progress: { watched, duration: 1400 } }),
})

const users = (count: number) => Array.from({ length: count }, (_, i) => `user-${i + 1}`)

describe('live stats', () => {
	it('shows nothing while fewer than 5 accounts watched anything, and says how many did', () => {
		const four = users(4).map((user) => movie(user, 45745, 'Sintel', 300))
		expect(summarizeWatchRows(four, [], NOW)).toEqual({ kind: 'empty', accounts: 4 })
		expect(summarizeWatchRows([], [], NOW)).toEqual({ kind: 'empty', accounts: 0 })
	})

	it('counts from the fifth account: titles, views, hours, active accounts, the most watched and the weekdays', () => {
		const rows = users(LIVE_STATS_MIN_ACCOUNTS).map((user) => movie(user, 45745, 'Sintel', 600))
		// One account also watched two episodes of a series on the Sunday before; only 1 account watched it.
		rows.push(show('user-1', 1399, 'Game of Thrones', MONDAY - DAY))
		const episodes = [episode('user-1', 1399, 's1e1', 1400, MONDAY - DAY), episode('user-1', 1399, 's1e2', 700, MONDAY - DAY)]
		const result = summarizeWatchRows(rows, episodes, NOW)
		expect(result.kind).toBe('figures')
		if (result.kind !== 'figures') return
		expect(result.stats).toMatchObject({
			accounts: 5,
			titlesWatched: 6,
			views: 7,
			watchSeconds: 5 * 600 + 1400 + 700,
			activeAccounts: { today: 5, week: 5, month: 5 },
		})
		// The series was watched by one account: it is not named among the most watched.
		expect(result.stats.topTitles).toEqual([{ id: 45745, type: 'movie', title: 'Sintel', accounts: 5 }])
		expect(result.stats.viewsByDay.map((d) => d.day)).toEqual([
			'Monday',
			'Tuesday',
			'Wednesday',
			'Thursday',
			'Friday',
			'Saturday',
			'Sunday',
		])
		expect(result.stats.viewsByDay.map((d) => d.count)).toEqual([5, 0, 0, 0, 0, 0, 2])
	})

	it('an active period with fewer than 5 accounts reads as null, not as its count', () => {
		const rows = users(5).map((user, i) => movie(user, 45745, 'Sintel', 600, i < 2 ? MONDAY : MONDAY - 10 * DAY))
		const result = summarizeWatchRows(rows, [], NOW)
		expect(result.kind === 'figures' && result.stats.activeAccounts).toEqual({ today: null, week: null, month: 5 })
	})

	it('near misses are not views: nothing watched, removed before the last watch, broken JSON, an episode without progress', () => {
		const rows = users(5).map((user) => movie(user, 45745, 'Sintel', 600))
		rows.push(movie('user-6', 45745, 'Sintel', 0))
		rows.push(movie('user-7', 45745, 'Sintel', 600, MONDAY, { removedAt: MONDAY + 1 }))
		rows.push({ userId: 'user-8', mediaId: 45745, updatedAt: MONDAY, data: '{"type":"movie","progress":' })
		rows.push(show('user-9', 1399, 'Game of Thrones'))
		const episodes = [{ ...episode('user-9', 1399, 's1e1', 0) }, { userId: 'user-9', mediaId: 1399, updatedAt: MONDAY, data: '{}' }]
		const result = summarizeWatchRows(rows, episodes, NOW)
		expect(result.kind === 'figures' && result.stats).toMatchObject({ accounts: 5, views: 5, titlesWatched: 5 })
	})

	it('a title watched again after its removal counts again', () => {
		const rows = users(5).map((user) => movie(user, 45745, 'Sintel', 600, MONDAY, { removedAt: MONDAY - DAY }))
		expect(summarizeWatchRows(rows, [], NOW).kind).toBe('figures')
	})
})
