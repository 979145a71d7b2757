import { mediaTitle } from '#app/lib/browse/media.ts'
import type { TmdbMovieListItem, TmdbPage, TmdbTvListItem } from '#app/lib/catalog/tmdb-types.ts'
import { afterLoad } from '#app/utils/after-load.ts'
import { catalogRequest } from '#app/utils/api-client.ts'

const MAX_TITLES = 20

// One request per page load, shared by the header's search box and the search
// overlay; a failure is only logged (the standard text stays). This module loads
// after hydration (use-popular-titles.ts imports it on demand), outside the
// first-load JavaScript, and asks once the page has loaded and the browser is idle.
let loading: Promise<string[]> | null = null

/** Popular titles for the rotating search placeholder, asked once per page load. */
export function loadPopularTitles(): Promise<string[]> {
	loading ??= afterLoad()
		.then(fetchPopularTitles)
		.catch((error: unknown) => {
			console.warn('Could not load popular titles for the search placeholder', error)
			loading = null
			return []
		})
	return loading
}

/** Popular movie and series names, alternating. */
async function fetchPopularTitles(): Promise<string[]> {
	const [movies, series] = await Promise.all([
		catalogRequest<TmdbPage<TmdbMovieListItem>>('/movie/popular'),
		catalogRequest<TmdbPage<TmdbTvListItem>>('/tv/popular'),
	])
	const names: string[] = []
	const longest = Math.max(movies.results.length, series.results.length)
	for (let i = 0; i < longest && names.length < MAX_TITLES; i++) {
		const movie = movies.results[i]
		const show = series.results[i]
		if (movie) names.push(mediaTitle(movie))
		if (show) names.push(mediaTitle(show))
	}
	return names
}
