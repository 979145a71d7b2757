import { mediaTitle } from '#app/lib/browse/media.ts'
import type { TmdbMovieListItem, TmdbPage, TmdbTvListItem } from '#app/lib/tmdb-types.ts'
import { catalogRequest } from '#app/utils/api-client.ts'

const MAX_TITLES = 20

/** Popular movie and series names, alternating, for the rotating search placeholder. */
export async function fetchPopularTitles(): Promise<string[]> {
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
