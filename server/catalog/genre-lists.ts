import { MOVIE_GENRES, TV_GENRES } from '#app/lib/catalog/genres.ts'
import type { TmdbGenre } from '#app/lib/catalog/tmdb-types.ts'

// The local catalogue answers /genre/{movie,tv}/list with the app's genre
// tables (app/lib/catalog/genres.ts) and names the genres of its titles from them.
export { MOVIE_GENRES, TV_GENRES }

const names = new Map<number, string>([...TV_GENRES, ...MOVIE_GENRES].map((g) => [g.id, g.name]))
const movieNames = new Map(MOVIE_GENRES.map((g) => [g.id, g.name]))
const tvNames = new Map(TV_GENRES.map((g) => [g.id, g.name]))

export function genreObjects(media: 'movie' | 'tv', ids: number[]): TmdbGenre[] {
	const preferred = media === 'movie' ? movieNames : tvNames
	return ids.map((id) => ({ id, name: preferred.get(id) ?? names.get(id) ?? 'Unknown' }))
}
