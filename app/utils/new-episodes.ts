import { useEffect, useState } from 'react'
import { calendarToday, hasNewEpisode } from '#app/lib/calendar/calendar.ts'
import type { WatchHistoryItem } from '#app/lib/library/types.ts'
import type { TmdbTvDetails } from '#app/lib/catalog/tmdb-types.ts'
import { catalogRequest } from './api-client.ts'

/**
 * Which shows of a Continue Watching row have a "New episode": their latest
 * aired episode came out after the viewer last watched and is not watched.
 * Asked of the catalogue after the row renders (never delaying it); failures
 * just leave the badge off.
 */
export function useNewEpisodes(entries: ReadonlyArray<{ mediaId: number; item: WatchHistoryItem }>): ReadonlySet<number> {
	const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set())
	const shows = entries.filter((entry) => entry.item.type === 'show')
	const key = shows.map((entry) => `${entry.mediaId}:${entry.item.updatedAt}`).join(',')
	useEffect(() => {
		if (shows.length === 0) return
		const controller = new AbortController()
		const today = calendarToday()
		void Promise.all(
			shows.map(async ({ mediaId, item }) => {
				try {
					const details = await catalogRequest<TmdbTvDetails>(`/tv/${mediaId}`, {}, controller.signal)
					const last = details.last_episode_to_air
					const lastAired = last ? { season: last.season_number, episode: last.episode_number, airDate: last.air_date } : null
					return hasNewEpisode(lastAired, item.updatedAt, Object.keys(item.episodes ?? {}), today) ? mediaId : null
				} catch {
					return null
				}
			}),
		).then((ids) => {
			if (!controller.signal.aborted) setFresh(new Set(ids.filter((id): id is number => id !== null)))
		})
		return () => controller.abort()
		// The key stands for the shows and their last watch.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [key])
	return fresh
}
