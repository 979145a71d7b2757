import { describe, expect, it } from 'vitest'
import type { WatchHistory } from '../library/types.ts'
import {
	addDays,
	buildCalendar,
	CALENDAR_AHEAD_DAYS,
	followedSeries,
	hasNewEpisode,
	RECENT_DAYS,
	watchedEpisodes,
	type CalendarSeries,
} from './calendar.ts'

const TODAY = '2026-11-24'

function show(id: number, name: string, episodes: Array<[number, number, string | null]>): CalendarSeries {
	return {
		id,
		name,
		posterPath: null,
		episodes: episodes.map(([season, episode, airDate]) => ({ season, episode, name: `E${episode}`, airDate })),
	}
}

describe('addDays', () => {
	it('crosses months and years in UTC days', () => {
		expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
		expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
	})
})

describe('followedSeries', () => {
	it('takes TV bookmarks and shows in the history, not movies or removed shows, most recent first', () => {
		const history: WatchHistory = {
			'1': { type: 'show', title: 'A', updatedAt: 30 },
			'2': { type: 'movie', title: 'M', updatedAt: 50 },
			'3': { type: 'show', title: 'Gone', updatedAt: 60, removedAt: 61 },
		}
		const bookmarks = [
			{ mediaId: 4, category: 'watchlist', addedAt: 40, mediaType: 'tv' as const },
			{ mediaId: 5, category: 'watchlist', addedAt: 70, mediaType: 'movie' as const },
			{ mediaId: 1, category: 'favorites', addedAt: 10, mediaType: 'tv' as const },
		]
		expect(followedSeries(bookmarks, history)).toEqual([4, 1])
		expect(followedSeries(bookmarks, history, 1)).toEqual([4])
	})
})

describe('buildCalendar', () => {
	const series = [
		show(1, 'Bravo', [
			[1, 1, addDays(TODAY, -40)],
			[1, 2, addDays(TODAY, -3)],
			[1, 3, TODAY],
			[1, 4, addDays(TODAY, 7)],
			[1, 5, addDays(TODAY, CALENDAR_AHEAD_DAYS + 1)],
			[1, 6, null],
		]),
		show(2, 'Alpha', [
			[0, 1, addDays(TODAY, 7)],
			[2, 1, addDays(TODAY, 7)],
			[2, 2, addDays(TODAY, -RECENT_DAYS)],
			[2, 3, addDays(TODAY, -1)],
		]),
	]

	it('groups upcoming episodes by day (today included, within the window, no specials or undated ones)', () => {
		const { upcoming } = buildCalendar(series, {}, TODAY)
		expect(upcoming.map((day) => day.date)).toEqual([TODAY, addDays(TODAY, 7)])
		expect(upcoming[1]!.episodes.map((e) => `${e.seriesName} ${e.season}x${e.episode}`)).toEqual(['Alpha 2x1', 'Bravo 1x4'])
	})

	it('lists recently aired episodes not watched yet, newest first', () => {
		const { recent } = buildCalendar(series, { 2: ['s2e3'] }, TODAY)
		expect(recent.map((e) => `${e.seriesName} ${e.season}x${e.episode}`)).toEqual(['Bravo 1x2', 'Alpha 2x2'])
	})
})

describe('watchedEpisodes', () => {
	it('lists the episode keys of shows in the history', () => {
		const history: WatchHistory = {
			'7': {
				type: 'show',
				title: 'S',
				updatedAt: 1,
				episodes: { s1e1: { id: 1, number: 1, title: '', seasonId: 1, season: 1, updatedAt: 1, progress: { watched: 1, duration: 2 } } },
			},
			'8': { type: 'movie', title: 'M', updatedAt: 1 },
		}
		expect(watchedEpisodes(history)).toEqual({ 7: ['s1e1'] })
	})
})

describe('hasNewEpisode', () => {
	const lastWatched = Date.parse('2026-11-10T20:00:00Z')
	it('is true when the latest aired episode came out after the last watch and is not watched', () => {
		expect(hasNewEpisode({ season: 2, episode: 5, airDate: '2026-11-20' }, lastWatched, ['s2e4'], TODAY)).toBe(true)
	})
	it('is false when watched, aired before the last watch, not aired yet, or unknown', () => {
		expect(hasNewEpisode({ season: 2, episode: 5, airDate: '2026-11-20' }, lastWatched, ['s2e5'], TODAY)).toBe(false)
		expect(hasNewEpisode({ season: 2, episode: 5, airDate: '2026-11-09' }, lastWatched, [], TODAY)).toBe(false)
		expect(hasNewEpisode({ season: 2, episode: 5, airDate: '2026-11-30' }, lastWatched, [], TODAY)).toBe(false)
		expect(hasNewEpisode(null, lastWatched, [], TODAY)).toBe(false)
	})
})
