import type { TmdbGenre } from './tmdb-types.ts'

// TMDB's genre lists (/genre/movie/list and /genre/tv/list, product.md §3), in TMDB's
// order: the one copy the pages and the local catalogue's genre lists use.
export const MOVIE_GENRES: readonly TmdbGenre[] = [
	{ id: 28, name: 'Action' },
	{ id: 12, name: 'Adventure' },
	{ id: 16, name: 'Animation' },
	{ id: 35, name: 'Comedy' },
	{ id: 80, name: 'Crime' },
	{ id: 99, name: 'Documentary' },
	{ id: 18, name: 'Drama' },
	{ id: 10751, name: 'Family' },
	{ id: 14, name: 'Fantasy' },
	{ id: 36, name: 'History' },
	{ id: 27, name: 'Horror' },
	{ id: 10402, name: 'Music' },
	{ id: 9648, name: 'Mystery' },
	{ id: 10749, name: 'Romance' },
	{ id: 878, name: 'Science Fiction' },
	{ id: 10770, name: 'TV Movie' },
	{ id: 53, name: 'Thriller' },
	{ id: 10752, name: 'War' },
	{ id: 37, name: 'Western' },
]

export const TV_GENRES: readonly TmdbGenre[] = [
	{ id: 10759, name: 'Action & Adventure' },
	{ id: 16, name: 'Animation' },
	{ id: 35, name: 'Comedy' },
	{ id: 80, name: 'Crime' },
	{ id: 99, name: 'Documentary' },
	{ id: 18, name: 'Drama' },
	{ id: 10751, name: 'Family' },
	{ id: 10762, name: 'Kids' },
	{ id: 9648, name: 'Mystery' },
	{ id: 10763, name: 'News' },
	{ id: 10764, name: 'Reality' },
	{ id: 10765, name: 'Sci-Fi & Fantasy' },
	{ id: 10766, name: 'Soap' },
	{ id: 10767, name: 'Talk' },
	{ id: 10768, name: 'War & Politics' },
	{ id: 37, name: 'Western' },
]

/** Every genre id and its name; movie and TV share the map (a shared id has the same name in both lists). */
export const GENRES: Readonly<Record<number, string>> = Object.fromEntries(
	[...MOVIE_GENRES, ...TV_GENRES].map((genre) => [genre.id, genre.name]),
)

/** A genre name maps back to its id case-insensitively. */
export function genreIdByName(name: string): number | undefined {
	const wanted = name.trim().toLowerCase()
	for (const [id, genreName] of Object.entries(GENRES)) {
		if (genreName.toLowerCase() === wanted) return Number(id)
	}
	return undefined
}

export function genreName(id: number): string | undefined {
	return GENRES[id]
}
