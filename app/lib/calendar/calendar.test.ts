import { describe, expect, it } from 'vitest'
import type { WatchHistory } from '../library/types.ts'
import {
	addDays,
	buildCalendar,
	CALENDAR_AHEAD_DAYS,
	calendarWeeks,
	foldRuns,
	followedSeries,
	hasNewEpisode,
	RECENT_DAYS,
	watchedEpisodes,
	type CalendarDay,
	type CalendarEpisode,
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

describe('calendar grouping', () => {
	const entry = (seriesId: number, seriesName: string, airDate: string, episode: number): CalendarEpisode => ({
		seriesId,
		seriesName,
		posterPath: null,
		season: 1,
		episode,
		name: `Episode ${episode}`,
		airDate,
	})
	const TODAY = '2026-11-27'
	// A daily soap for 20 days and a weekly drama, as the calendar's days.
	const days: CalendarDay[] = []
	for (let i = 0; i < 20; i++) {
		const date = addDays(TODAY, i)
		const episodes = [entry(1, 'Days of our Lives', date, 100 + i)]
		if (i % 7 === 2) episodes.push(entry(2, 'The Crown', date, 1 + Math.floor(i / 7)))
		days.push({ date, episodes })
	}

	it('folds a series with 3 or more episodes in a week into one run; a weekly series stays by day', () => {
		const weeks = calendarWeeks(days, TODAY)
		expect(weeks.map((w) => [w.index, w.start])).toEqual([
			[0, TODAY],
			[1, addDays(TODAY, 7)],
			[2, addDays(TODAY, 14)],
		])
		expect(weeks[0]!.runs).toHaveLength(1)
		expect(weeks[0]!.runs[0]).toMatchObject({ seriesId: 1, seriesName: 'Days of our Lives' })
		expect(weeks[0]!.runs[0]!.episodes.map((e) => e.episode)).toEqual([100, 101, 102, 103, 104, 105, 106])
		expect(weeks[0]!.days).toEqual([{ date: addDays(TODAY, 2), episodes: [entry(2, 'The Crown', addDays(TODAY, 2), 1)] }])
		// The last week has 6 days of the soap: still a run.
		expect(weeks[2]!.runs[0]!.episodes).toHaveLength(6)
		// Nothing is lost: every episode is in a run or a day.
		const shown = weeks.flatMap((w) => [...w.runs.flatMap((r) => r.episodes), ...w.days.flatMap((d) => d.episodes)])
		expect(shown).toHaveLength(days.flatMap((d) => d.episodes).length)
	})

	it('near miss: two episodes of a series in a week are not folded', () => {
		const two = [
			{ date: TODAY, episodes: [entry(3, 'Twice', TODAY, 1)] },
			{ date: addDays(TODAY, 3), episodes: [entry(3, 'Twice', addDays(TODAY, 3), 2)] },
			// The third is in the next week.
			{ date: addDays(TODAY, 8), episodes: [entry(3, 'Twice', addDays(TODAY, 8), 3)] },
		]
		const weeks = calendarWeeks(two, TODAY)
		expect(weeks.every((w) => w.runs.length === 0)).toBe(true)
		expect(weeks[0]!.days).toHaveLength(2)
	})

	it('folds the recent list by series', () => {
		const recent = [1, 2, 3, 4].map((n) => entry(1, 'Days of our Lives', addDays(TODAY, -n), 100 - n))
		recent.push(entry(2, 'The Crown', addDays(TODAY, -3), 1))
		const { runs, rest } = foldRuns(recent)
		expect(runs.map((r) => [r.seriesName, r.episodes.length])).toEqual([['Days of our Lives', 4]])
		expect(rest.map((e) => e.seriesName)).toEqual(['The Crown'])
	})
})
