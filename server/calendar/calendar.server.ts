import {
	buildCalendar,
	calendarToday,
	followedSeries,
	watchedEpisodes,
	type Calendar,
	type CalendarSeries,
} from '#app/lib/calendar/calendar.ts'
import type { TmdbSeasonDetails, TmdbTvDetails } from '#app/lib/catalog/tmdb-types.ts'
import { mapLimit } from '../concurrency/map-limit.ts'
import { cachedCatalogGet, isNotFoundError } from '../catalog/page-data.server.ts'
import { getDatabase } from '../db/db.server.ts'
import { readBookmarks } from '../sync/bookmarks.server.ts'
import { readWatchHistory } from '../sync/watch-history.server.ts'

// The release calendar's data: for each followed series, its details and the
// seasons of its last aired and next episode, through the page-data cache (so
// a calendar of 200 series costs 200 cache reads once warm). The rules that
// make the calendar from them are pure (app/lib/calendar/calendar.ts).

/** At most this many catalogue reads at once for one calendar. */
const CATALOG_CONCURRENCY = 8

async function seriesOf(id: number): Promise<CalendarSeries | null> {
	let details: TmdbTvDetails
	try {
		details = await cachedCatalogGet<TmdbTvDetails>(`/tv/${id}`)
	} catch (error) {
		if (isNotFoundError(error)) return null
		throw error
	}
	const seasons = new Set<number>()
	for (const episode of [details.last_episode_to_air, details.next_episode_to_air])
		if (episode && episode.season_number > 0) seasons.add(episode.season_number)
	const episodes: CalendarSeries['episodes'] = []
	for (const season of seasons) {
		try {
			const details = await cachedCatalogGet<TmdbSeasonDetails>(`/tv/${id}/season/${season}`)
			for (const episode of details.episodes ?? [])
				episodes.push({ season: episode.season_number, episode: episode.episode_number, name: episode.name, airDate: episode.air_date })
		} catch (error) {
			if (!isNotFoundError(error)) throw error
		}
	}
	return { id, name: details.name, posterPath: details.poster_path, episodes }
}

/** The calendar of these series, with `watched` episode keys per series id. */
export async function calendarFor(
	seriesIds: readonly number[],
	watched: Record<number, readonly string[]>,
	now = Date.now(),
): Promise<Calendar & { seriesCount: number }> {
	const found: Array<CalendarSeries | null> = new Array(seriesIds.length).fill(null)
	await mapLimit(seriesIds, CATALOG_CONCURRENCY, async (id, index) => {
		found[index] = await seriesOf(id)
	})
	const series = found.filter((item): item is CalendarSeries => item !== null)
	return { ...buildCalendar(series, watched, calendarToday(now)), seriesCount: series.length }
}

/** A signed-in user's calendar, from the account's library. */
export async function userCalendar(userId: string, now = Date.now()) {
	const { db } = getDatabase()
	const [bookmarks, history] = await Promise.all([readBookmarks(db, userId), readWatchHistory(db, userId)])
	return calendarFor(followedSeries(bookmarks.bookmarks, history.items), watchedEpisodes(history.items), now)
}
