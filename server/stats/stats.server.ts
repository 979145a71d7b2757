import { daysSince } from '#app/lib/stats/format.ts'
import { STATIC_STATS, type StatsRecord } from '#app/lib/stats/record.ts'
import { movieHref, seriesHref } from '#app/lib/catalog/slug.ts'
import type { LiveStatsPageData } from '#app/lib/stats/live.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import { cachedLiveStats } from './live.server.ts'
import type { TmdbMovieDetails } from '#app/lib/catalog/tmdb-types.ts'
import { optional } from '../catalog/page-data.server.ts'
import { logger } from '../logger.server.ts'

// The stats page's data: the static record (product.md §3, fixed figures that the
// page says are not live), the days since launch, and for each of the most
// watched movies a link to its page when the catalogue holds that title.

export type TopMovie = StatsRecord['topMovies'][number] & { href: string | null }

export interface StatsPageData {
	stats: Omit<StatsRecord, 'topMovies'> & { topMovies: TopMovie[] }
	daysSinceLaunch: number
}

/** The catalogue's title for a movie id, or null when it has no such movie or cannot answer now (logged). */
async function catalogueTitle(id: number): Promise<string | null> {
	try {
		const movie = await optional<TmdbMovieDetails>(`/movie/${id}`)
		return movie ? movie.title || movie.original_title || null : null
	} catch (error) {
		logger.warn({ err: error, id }, 'stats: catalogue lookup failed; the title is shown without a link')
		return null
	}
}

/** A slow catalogue (live TMDB on a cold cache) never holds the page: past this, the title is shown without a link. */
const LINK_LOOKUP_TIMEOUT_MS = 2000

function withinTime<T>(promise: Promise<T>, fallback: T): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise<T>((resolve) => {
		timer = setTimeout(() => resolve(fallback), LINK_LOOKUP_TIMEOUT_MS)
		timer.unref?.()
	})
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export async function statsPageData(now: Date = new Date(), record: StatsRecord = STATIC_STATS): Promise<StatsPageData> {
	const topMovies = await Promise.all(
		record.topMovies.map(async (movie) => {
			const title = await withinTime(catalogueTitle(movie.id), null)
			return { ...movie, href: title === null ? null : movieHref(movie.id, title) }
		}),
	)
	return { stats: { ...record, topMovies }, daysSinceLaunch: daysSince(record.launchDate, now) }
}

/** STATS_SOURCE=live: this instance's figures (cached), each most watched title linked to its page. */
export async function liveStatsPageData(handle: DatabaseHandle): Promise<LiveStatsPageData> {
	const result = await cachedLiveStats(handle)
	if (result.kind === 'empty') return result
	const topTitles = result.stats.topTitles.map((title) => ({
		...title,
		href: title.type === 'show' ? seriesHref(title.id, title.title) : movieHref(title.id, title.title),
	}))
	return { kind: 'figures', stats: { ...result.stats, topTitles } }
}
