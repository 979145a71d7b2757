import { describe, expect, it } from 'vitest'
import {
	clampPercent,
	continueWatching,
	episodeAfter,
	episodeKey,
	historyByRecent,
	isHistoryTrending,
	pruneHistoryRemovals,
	REMOVAL_MARKER_MAX_AGE_MS,
	itemPercent,
	latestHistoryChange,
	nextEpisodeToWatch,
	parseEpisodeKey,
	progressPercent,
	recordEpisodeProgress,
	recordMovieProgress,
	removeHistoryItem,
	visibleHistoryItem,
} from './history.ts'
import { mergeWatchHistories } from '../sync/watch-history.ts'
import { parseWatchHistoryItem } from './schemas.ts'
import type { EpisodeProgress, WatchHistory, WatchHistoryItem } from './types.ts'

const episode = (season: number, number: number, watched: number, updatedAt: number, duration = 100): EpisodeProgress => ({
	id: season * 100 + number,
	number,
	title: `Episode ${number}`,
	seasonId: season * 10,
	season,
	updatedAt,
	progress: { watched, duration },
})

const show = (episodes: EpisodeProgress[], updatedAt = 1): WatchHistoryItem => ({
	type: 'show',
	title: 'Severance',
	updatedAt,
	episodes: Object.fromEntries(episodes.map((e) => [episodeKey(e.season, e.number), e])),
})

const seasons = [
	{ season_number: 0, episode_count: 3 },
	{ season_number: 1, episode_count: 9 },
	{ season_number: 2, episode_count: 10 },
]

describe('progress', () => {
	it('clamps percentages to 0–100', () => {
		expect(clampPercent(-5)).toBe(0)
		expect(clampPercent(150)).toBe(100)
		expect(clampPercent(42.5)).toBe(42.5)
		expect(clampPercent(Number.NaN)).toBe(0)
		expect(progressPercent({ watched: 30, duration: 0 })).toBe(0)
		expect(progressPercent({ watched: 300, duration: 100 })).toBe(100)
		expect(progressPercent({ watched: 25, duration: 100 })).toBe(25)
		expect(progressPercent(undefined)).toBe(0)
	})

	it('shows the trending badge only above popularity 400 on history cards', () => {
		expect(isHistoryTrending(400)).toBe(false)
		expect(isHistoryTrending(400.01)).toBe(true)
		expect(isHistoryTrending(undefined)).toBe(false)
	})

	it('episode keys are s{season}e{episode}', () => {
		expect(episodeKey(2, 10)).toBe('s2e10')
		expect(parseEpisodeKey('s2e10')).toEqual({ season: 2, episode: 10 })
		expect(parseEpisodeKey('2x10')).toBeNull()
	})

	it("an item's percent is the movie's progress or the latest episode's", () => {
		expect(itemPercent({ type: 'movie', title: 'Dune', updatedAt: 1, progress: { watched: 50, duration: 200 } })).toBe(25)
		expect(itemPercent(show([episode(1, 1, 100, 1), episode(1, 2, 40, 2)]))).toBe(40)
	})
})

describe('episodeAfter (product.md §4 next-episode rule)', () => {
	it('is the following episode within the season', () => {
		expect(episodeAfter(1, 3, seasons)).toEqual({ season: 1, episode: 4 })
	})
	it('is episode 1 of the next season after the last episode of a season', () => {
		expect(episodeAfter(1, 9, seasons)).toEqual({ season: 2, episode: 1 })
	})
	it('wraps to the first season after the last', () => {
		expect(episodeAfter(2, 10, seasons)).toEqual({ season: 1, episode: 1 })
	})
	it('skips specials and empty seasons', () => {
		expect(episodeAfter(1, 9, [...seasons, { season_number: 3, episode_count: 0 }])).toEqual({ season: 2, episode: 1 })
	})
	it('goes to the next season number TMDB has when it skips numbers', () => {
		const gapped = [
			{ season_number: 10, episode_count: 108 },
			{ season_number: 13, episode_count: 2 },
		]
		expect(episodeAfter(10, 108, gapped)).toEqual({ season: 13, episode: 1 })
	})
	it('assumes the following episode exists without season information', () => {
		expect(episodeAfter(4, 6)).toEqual({ season: 4, episode: 7 })
	})
})

describe('nextEpisodeToWatch', () => {
	it('resumes the latest episode while it is at most 93% watched', () => {
		const item = show([episode(1, 1, 100, 1), episode(1, 2, 93, 5)])
		expect(nextEpisodeToWatch(item, seasons)).toMatchObject({
			season: 1,
			episode: 2,
			kind: 'resume',
			progress: { watched: 93, duration: 100 },
		})
	})
	it('moves to the episode after the last finished one', () => {
		const item = show([episode(1, 2, 20, 1), episode(1, 1, 95, 9)])
		expect(nextEpisodeToWatch(item, seasons)).toMatchObject({
			season: 1,
			episode: 2,
			kind: 'next',
			progress: { watched: 20, duration: 100 },
		})
		expect(nextEpisodeToWatch(show([episode(1, 9, 99, 3)]), seasons)).toMatchObject({ season: 2, episode: 1, kind: 'next' })
		expect(nextEpisodeToWatch(show([episode(2, 10, 100, 3)]), seasons)).toMatchObject({ season: 1, episode: 1, kind: 'next' })
	})
	it('is null for movies and shows without episodes', () => {
		expect(nextEpisodeToWatch({ type: 'movie', title: 'Dune', updatedAt: 1 })).toBeNull()
		expect(nextEpisodeToWatch(show([]))).toBeNull()
	})
})

describe('continueWatching', () => {
	const history: WatchHistory = {
		'1': { type: 'movie', title: 'In progress', updatedAt: 30, progress: { watched: 50, duration: 100 } },
		'2': { type: 'movie', title: 'Finished', updatedAt: 40, progress: { watched: 95, duration: 100 } },
		'3': { type: 'movie', title: 'Not started', updatedAt: 50, progress: { watched: 0, duration: 100 } },
		'4': show([episode(1, 1, 100, 60)], 60),
		'5': { type: 'movie', title: 'At the threshold', updatedAt: 10, progress: { watched: 94, duration: 100 } },
	}

	it('lists unfinished movies and shows with their next episode, most recent first', () => {
		const entries = continueWatching(history)
		expect(entries.map((e) => e.mediaId)).toEqual([4, 1, 5])
		expect(entries[0]).toMatchObject({ episode: { season: 1, episode: 2, kind: 'next' }, percent: 0 })
		expect(entries[1]).toMatchObject({ episode: null, percent: 50 })
	})

	it('respects the limit', () => {
		expect(continueWatching(history, 1)).toHaveLength(1)
	})

	it('orders the full history by most recent', () => {
		expect(historyByRecent(history).map((e) => e.mediaId)).toEqual([4, 3, 2, 1, 5])
	})
})

describe('recording progress', () => {
	it('records a movie with {watched, duration} and updatedAt', () => {
		const history = recordMovieProgress(
			{},
			{ mediaId: 438631, title: 'Dune', year: 2021, posterPath: '/d.jpg', popularity: 500 },
			{ watched: 60, duration: 155 * 60 },
			1000,
		)
		expect(history).toEqual({
			'438631': {
				type: 'movie',
				title: 'Dune',
				year: 2021,
				posterPath: '/d.jpg',
				popularity: 500,
				updatedAt: 1000,
				progress: { watched: 60, duration: 9300 },
			},
		})
	})

	it('sanitises progress (negative, NaN, beyond duration)', () => {
		const history = recordMovieProgress({}, { mediaId: 1, title: 'X' }, { watched: 500, duration: 100 }, 1)
		expect(history['1']!.progress).toEqual({ watched: 100, duration: 100 })
		expect(recordMovieProgress({}, { mediaId: 1, title: 'X' }, { watched: Number.NaN, duration: -3 }, 1)['1']!.progress).toEqual({
			watched: 0,
			duration: 0,
		})
	})

	it('records episodes keyed s{season}e{episode}, keeping the others', () => {
		let history = recordEpisodeProgress(
			{},
			{ mediaId: 95396, title: 'Severance' },
			{ id: 11, season: 1, number: 1, title: 'Good News About Hell', seasonId: 101 },
			{ watched: 10, duration: 3000 },
			1000,
		)
		history = recordEpisodeProgress(
			history,
			{ mediaId: 95396, title: 'Severance' },
			{ id: 12, season: 1, number: 2, title: 'Half Loop', seasonId: 101 },
			{ watched: 20, duration: 3000 },
			2000,
		)
		const item = history['95396']!
		expect(item.type).toBe('show')
		expect(item.updatedAt).toBe(2000)
		expect(Object.keys(item.episodes!)).toEqual(['s1e1', 's1e2'])
		expect(item.episodes!.s1e2).toEqual({
			id: 12,
			number: 2,
			title: 'Half Loop',
			seasonId: 101,
			season: 1,
			updatedAt: 2000,
			progress: { watched: 20, duration: 3000 },
		})
		expect(latestHistoryChange(history)).toBe(2000)
	})

	it('never moves updatedAt backwards', () => {
		let history = recordMovieProgress({}, { mediaId: 1, title: 'X' }, { watched: 1, duration: 10 }, 5000)
		history = recordMovieProgress(history, { mediaId: 1, title: 'X' }, { watched: 2, duration: 10 }, 4000)
		expect(history['1']!.updatedAt).toBe(5000)
	})
})

describe('removing a title from the history', () => {
	const dune = { mediaId: 438631, title: 'Dune', year: 2021, posterPath: '/d.jpg' }
	const severance = { mediaId: 95396, title: 'Severance' }
	const ep = (season: number, number: number) => ({ id: season * 100 + number, season, number, title: `E${number}`, seasonId: season })

	it('hides the title from the history and Continue Watching, keeping a marker with the removal time', () => {
		let history = recordMovieProgress({}, dune, { watched: 600, duration: 9000 }, 1000)
		history = recordEpisodeProgress(history, severance, ep(1, 2), { watched: 10, duration: 100 }, 2000)
		const removed = removeHistoryItem(history, 438631, 3000)
		expect(removed['438631']).toEqual({ type: 'movie', title: 'Dune', year: 2021, posterPath: '/d.jpg', updatedAt: 3000, removedAt: 3000 })
		expect(historyByRecent(removed).map((e) => e.mediaId)).toEqual([95396])
		expect(continueWatching(removed).map((e) => e.mediaId)).toEqual([95396])
		expect(latestHistoryChange(removed)).toBe(3000)
		expect(removeHistoryItem(removed, 1, 4000)).toBe(removed)
		// The marker survives device storage's validation.
		expect(parseWatchHistoryItem(JSON.parse(JSON.stringify(removed['438631'])))).toEqual(removed['438631'])
	})

	it('never dates the removal before the progress it removes', () => {
		const history = recordEpisodeProgress({}, severance, ep(1, 1), { watched: 10, duration: 100 }, 5000)
		expect(removeHistoryItem(history, 95396, 4000)['95396']!.removedAt).toBe(5000)
	})

	it('brings a title back when it is watched again, without what came before the removal', () => {
		let history = recordEpisodeProgress({}, severance, ep(1, 1), { watched: 100, duration: 100 }, 1000)
		history = removeHistoryItem(history, 95396, 2000)
		// Another device that had not synced the removal still holds episode 1.
		history = mergeWatchHistories(history, recordEpisodeProgress({}, severance, ep(1, 1), { watched: 100, duration: 100 }, 1000))
		expect(visibleHistoryItem(history['95396']!)).toBeNull()
		history = recordEpisodeProgress(history, severance, ep(2, 3), { watched: 5, duration: 100 }, 2000)
		const item = visibleHistoryItem(history['95396']!)!
		expect(Object.keys(item.episodes!)).toEqual(['s2e3'])
		expect(history['95396']!.episodes!.s2e3!.updatedAt).toBe(2001)
		const movie = recordMovieProgress(
			removeHistoryItem(recordMovieProgress({}, dune, { watched: 1, duration: 10 }, 1), 438631, 50),
			dune,
			{ watched: 2, duration: 10 },
			50,
		)
		expect(visibleHistoryItem(movie['438631']!)?.progress).toEqual({ watched: 2, duration: 10 })
	})

	it('carries the removal through a merge with an older copy, whichever side it comes from', () => {
		const watched = recordMovieProgress({}, dune, { watched: 600, duration: 9000 }, 1000)
		const removed = removeHistoryItem(watched, 438631, 3000)
		for (const merged of [mergeWatchHistories(watched, removed), mergeWatchHistories(removed, watched)]) {
			expect(visibleHistoryItem(merged['438631']!)).toBeNull()
			expect(historyByRecent(merged)).toEqual([])
		}
	})
})

describe('pruneHistoryRemovals', () => {
	it('drops removal markers older than REMOVAL_MARKER_MAX_AGE_MS before the latest change, keeps titles watched since', () => {
		const late = 1_000 + REMOVAL_MARKER_MAX_AGE_MS
		const history: WatchHistory = {
			'1': { type: 'movie', title: 'Old removal', updatedAt: 10, removedAt: 10 },
			'2': { type: 'movie', title: 'Recent removal', updatedAt: late - 5, removedAt: late - 5 },
			'3': {
				type: 'show',
				title: 'Watched since',
				updatedAt: 10,
				removedAt: 10,
				episodes: { s1e1: { id: 1, number: 1, title: 'E', seasonId: 1, season: 1, updatedAt: 20, progress: { watched: 1, duration: 2 } } },
			},
			'4': { type: 'movie', title: 'Now', updatedAt: late, progress: { watched: 1, duration: 2 } },
		}
		expect(Object.keys(pruneHistoryRemovals(history)).sort()).toEqual(['2', '3', '4'])
		const kept = { '2': history['2']!, '4': history['4']! }
		expect(pruneHistoryRemovals(kept)).toBe(kept)
	})
})
