// The kinds of title and the list filter built on them: one definition for the
// catalogue, the library, the browse pages and the server's tables.

/** A title is a movie or a TV series (TMDB's media_type). */
export const MEDIA_TYPES = ['movie', 'tv'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

/** The "All / Movies / TV Shows" filter of the browse and bookmarks pages. */
export const MEDIA_FILTERS = ['all', ...MEDIA_TYPES] as const
export type MediaFilter = (typeof MEDIA_FILTERS)[number]
export const MEDIA_FILTER_LABELS: Readonly<Record<MediaFilter, string>> = { all: 'All', movie: 'Movies', tv: 'TV Shows' }

/** The filter named in the address (?type=); anything else → all. */
export function parseMediaFilter(value: string | null | undefined): MediaFilter {
	return value === 'movie' || value === 'tv' ? value : 'all'
}
