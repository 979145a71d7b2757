import { episodeKey } from '../library/history.ts'
import type { Bookmark, WatchHistory } from '../library/types.ts'

// The release calendar and Up Next (pure rules, no I/O): which series a library
// follows, which of their episodes air soon, and which aired recently without
// being watched. Dates are TMDB air dates ("YYYY-MM-DD"), compared as days.

/** How far ahead the calendar looks, and how far back "recently aired" reaches. */
export const CALENDAR_AHEAD_DAYS = 60
export const RECENT_DAYS = 30
/** The most series one calendar covers (a bigger library keeps its most recent ones). */
export const CALENDAR_MAX_SERIES = 300

export interface CalendarEpisode {
	seriesId: number
	seriesName: string
	posterPath: string | null
	season: number
	episode: number
	name: string
	airDate: string
}

/** One series with the episodes the catalogue lists near today (current and next season). */
export interface CalendarSeries {
	id: number
	name: string
	posterPath: string | null
	episodes: Array<{ season: number; episode: number; name: string; airDate: string | null }>
}

export interface CalendarDay {
	date: string
	episodes: CalendarEpisode[]
}

export interface Calendar {
	upcoming: CalendarDay[]
	recent: CalendarEpisode[]
}

/** The series a library follows: TV bookmarks (any list) and shows in the watch history (not removed), most recent first. */
export function followedSeries(bookmarks: readonly Bookmark[], history: WatchHistory, max = CALENDAR_MAX_SERIES): number[] {
	const latest = new Map<number, number>()
	for (const bookmark of bookmarks) {
		if (bookmark.mediaType !== 'tv') continue
		latest.set(bookmark.mediaId, Math.max(latest.get(bookmark.mediaId) ?? 0, bookmark.addedAt))
	}
	for (const [id, item] of Object.entries(history)) {
		if (item.type !== 'show' || item.removedAt !== undefined) continue
		const mediaId = Number(id)
		latest.set(mediaId, Math.max(latest.get(mediaId) ?? 0, item.updatedAt))
	}
	return [...latest.entries()]
		.sort((a, b) => b[1] - a[1] || a[0] - b[0])
		.slice(0, max)
		.map(([id]) => id)
}

/** The watched episode keys ("s1e2") of each show in a history. */
export function watchedEpisodes(history: WatchHistory): Record<number, string[]> {
	const watched: Record<number, string[]> = {}
	for (const [id, item] of Object.entries(history)) {
		if (item.type !== 'show' || item.removedAt !== undefined || !item.episodes) continue
		watched[Number(id)] = Object.keys(item.episodes)
	}
	return watched
}

/** "YYYY-MM-DD" of a day `offset` days from `today` ("YYYY-MM-DD"), in UTC days. */
export function addDays(today: string, offset: number): string {
	const date = new Date(`${today}T00:00:00Z`)
	date.setUTCDate(date.getUTCDate() + offset)
	return date.toISOString().slice(0, 10)
}

/** Today's date as the calendar counts it (UTC). */
export function calendarToday(now: number = Date.now()): string {
	return new Date(now).toISOString().slice(0, 10)
}

/**
 * The calendar of a set of series: episodes airing today or within
 * CALENDAR_AHEAD_DAYS, grouped by day in date order; and episodes aired in the
 * last RECENT_DAYS that are not in `watched`, newest first. Specials (season 0)
 * are left out.
 */
export function buildCalendar(series: readonly CalendarSeries[], watched: Record<number, readonly string[]>, today: string): Calendar {
	const until = addDays(today, CALENDAR_AHEAD_DAYS)
	const since = addDays(today, -RECENT_DAYS)
	const byDay = new Map<string, CalendarEpisode[]>()
	const recent: CalendarEpisode[] = []
	for (const show of series) {
		const seen = new Set(watched[show.id] ?? [])
		for (const episode of show.episodes) {
			if (!episode.airDate || episode.season === 0) continue
			const entry: CalendarEpisode = {
				seriesId: show.id,
				seriesName: show.name,
				posterPath: show.posterPath,
				season: episode.season,
				episode: episode.episode,
				name: episode.name,
				airDate: episode.airDate,
			}
			if (episode.airDate >= today && episode.airDate <= until) {
				const day = byDay.get(episode.airDate) ?? []
				day.push(entry)
				byDay.set(episode.airDate, day)
			} else if (episode.airDate < today && episode.airDate >= since && !seen.has(episodeKey(episode.season, episode.episode))) {
				recent.push(entry)
			}
		}
	}
	const order = (a: CalendarEpisode, b: CalendarEpisode) =>
		a.seriesName.localeCompare(b.seriesName) || a.season - b.season || a.episode - b.episode
	const upcoming = [...byDay.entries()]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([date, episodes]) => ({ date, episodes: episodes.sort(order) }))
	recent.sort((a, b) => (a.airDate < b.airDate ? 1 : a.airDate > b.airDate ? -1 : order(a, b)))
	return { upcoming, recent }
}

/**
 * The "New episode" badge of a Continue Watching card: the show's latest aired
 * episode came out after the viewer last watched it, and they have not watched it.
 */
export function hasNewEpisode(
	lastAired: { season: number; episode: number; airDate: string | null } | null | undefined,
	lastWatchedAt: number,
	watched: readonly string[],
	today: string,
): boolean {
	if (!lastAired?.airDate || lastAired.airDate > today) return false
	if (watched.includes(episodeKey(lastAired.season, lastAired.episode))) return false
	return lastAired.airDate > calendarToday(lastWatchedAt)
}

// ---- grouping for the page -------------------------------------------------
// A daily soap fills the calendar with one row a day (165 rows, 10,000 px for one
// series). The page shows the coming days week by week, and a series with
// FOLD_MIN_EPISODES or more in one week (or in the recent list) as one folded
// row, "Here it all begins: 5 episodes this week", that opens on demand.

export const FOLD_MIN_EPISODES = 3

/** Several episodes of one series, shown as one row that opens. */
export interface CalendarRun {
	seriesId: number
	seriesName: string
	posterPath: string | null
	/** In airing order. */
	episodes: CalendarEpisode[]
}

export interface CalendarWeek {
	/** First day of the seven (today for the first week). */
	start: string
	/** 0: this week, 1: next week, then later weeks. */
	index: number
	runs: CalendarRun[]
	/** The days with episodes not folded into a run. */
	days: CalendarDay[]
}

/** Splits episodes into runs (series with at least `min` of them, by series name) and the rest, each keeping its order. */
export function foldRuns(episodes: readonly CalendarEpisode[], min = FOLD_MIN_EPISODES): { runs: CalendarRun[]; rest: CalendarEpisode[] } {
	const bySeries = new Map<number, CalendarEpisode[]>()
	for (const entry of episodes) {
		const list = bySeries.get(entry.seriesId)
		if (list) list.push(entry)
		else bySeries.set(entry.seriesId, [entry])
	}
	const folded = new Set([...bySeries].filter(([, list]) => list.length >= min).map(([id]) => id))
	const runs = [...folded]
		.map((id) => {
			const list = bySeries.get(id)!
			return { seriesId: id, seriesName: list[0]!.seriesName, posterPath: list[0]!.posterPath, episodes: list }
		})
		.sort((a, b) => a.seriesName.localeCompare(b.seriesName) || a.seriesId - b.seriesId)
	return { runs, rest: episodes.filter((entry) => !folded.has(entry.seriesId)) }
}

/** The coming days in weeks of seven from today, each with its runs folded. */
export function calendarWeeks(upcoming: readonly CalendarDay[], today: string, min = FOLD_MIN_EPISODES): CalendarWeek[] {
	const weeks = new Map<number, CalendarDay[]>()
	for (const day of upcoming) {
		const offset = Math.round((Date.parse(`${day.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
		const index = Math.max(0, Math.floor(offset / 7))
		const list = weeks.get(index)
		if (list) list.push(day)
		else weeks.set(index, [day])
	}
	return [...weeks]
		.sort(([a], [b]) => a - b)
		.map(([index, days]) => {
			const { runs, rest } = foldRuns(
				days.flatMap((day) => day.episodes),
				min,
			)
			const kept = new Set(rest)
			return {
				start: addDays(today, index * 7),
				index,
				runs,
				days: days
					.map((day) => ({ date: day.date, episodes: day.episodes.filter((entry) => kept.has(entry)) }))
					.filter((day) => day.episodes.length > 0),
			}
		})
}
