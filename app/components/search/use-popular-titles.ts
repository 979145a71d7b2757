import { useEffect, useState } from 'react'
import { mediaTitle } from '#app/lib/browse/media.ts'
import type { TmdbMovieListItem, TmdbPage, TmdbTvListItem } from '#app/lib/tmdb-types.ts'
import { catalogRequest } from '#app/utils/api-client.ts'

const MAX_TITLES = 20

// One request per page load, shared by the header's search box and the
// search overlay; a failure is only logged (the standard text stays).
let loading: Promise<string[]> | null = null

function loadPopularTitles(): Promise<string[]> {
	loading ??= Promise.all([
		catalogRequest<TmdbPage<TmdbMovieListItem>>('/movie/popular'),
		catalogRequest<TmdbPage<TmdbTvListItem>>('/tv/popular'),
	]).then(
		([movies, series]) => {
			// Movies and series alternate.
			const names: string[] = []
			const longest = Math.max(movies.results.length, series.results.length)
			for (let i = 0; i < longest && names.length < MAX_TITLES; i++) {
				const movie = movies.results[i]
				const show = series.results[i]
				if (movie) names.push(mediaTitle(movie))
				if (show) names.push(mediaTitle(show))
			}
			return names
		},
		(error: unknown) => {
			console.warn('Could not load popular titles for the search placeholder', error)
			loading = null
			return []
		},
	)
	return loading
}

/** Popular movie and series names for the rotating search placeholder (spec §2). */
export function usePopularTitles(enabled = true): readonly string[] {
	const [titles, setTitles] = useState<readonly string[]>([])
	useEffect(() => {
		if (!enabled) return
		let current = true
		void loadPopularTitles().then((names) => {
			if (current) setTitles(names)
		})
		return () => {
			current = false
		}
	}, [enabled])
	return titles
}
