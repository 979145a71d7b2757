import type { MediaFilter } from '../catalog/media-type.ts'
import { interleave, NETWORK_PAGE_SIZE_SINGLE, pageSizeFor, seededRandom, shuffleTogether } from './lists.ts'
import { withKind, type MediaListItem } from './media.ts'
import type { TmdbPage } from '../catalog/tmdb-types.ts'

/** The discover calls behind one page of a network or genre grid. */
export type PageFetcher = (kind: 'movie' | 'tv', page: number) => Promise<TmdbPage<MediaListItem>>

/**
 * One page of a network grid: movies and series together for All (up to 40),
 * or one kind (up to 20). hasMore follows the stop rule: a short page ends it.
 */
export async function loadNetworkPage(filter: MediaFilter, page: number, fetchPage: PageFetcher) {
	const kinds: Array<'movie' | 'tv'> = filter === 'all' ? ['movie', 'tv'] : [filter]
	const pages = await Promise.all(kinds.map((kind) => fetchPage(kind, page).then((result) => withKind(result.results ?? [], kind))))
	const items = pages.length === 2 ? interleave(pages[0]!, pages[1]!) : (pages[0] ?? [])
	return { items, hasMore: items.length >= pageSizeFor(filter) }
}

/** The genres behind a category, per kind (a category may have only one kind). */
export interface GenrePair {
	movieGenreId?: number
	tvGenreId?: number
}

/**
 * One page of a genre grid: discover by genre for each kind the category has,
 * movie and tv results shuffled together (product.md §4) with a per-page seed so
 * server and browser agree. A short page ends the scroll.
 */
export async function loadGenrePage(
	genres: GenrePair,
	page: number,
	seed: number,
	fetchPage: (kind: 'movie' | 'tv', genreId: number, page: number) => Promise<TmdbPage<MediaListItem>>,
) {
	const kinds: Array<['movie' | 'tv', number]> = []
	if (genres.movieGenreId) kinds.push(['movie', genres.movieGenreId])
	if (genres.tvGenreId) kinds.push(['tv', genres.tvGenreId])
	const pages = await Promise.all(
		kinds.map(([kind, genreId]) => fetchPage(kind, genreId, page).then((result) => withKind(result.results ?? [], kind))),
	)
	const movies = kinds[0]?.[0] === 'movie' ? (pages[0] ?? []) : []
	const series = kinds[0]?.[0] === 'tv' ? (pages[0] ?? []) : (pages[1] ?? [])
	const items = shuffleTogether<(typeof movies)[number]>(movies, series, seededRandom(seed + page))
	return { items, hasMore: items.length >= kinds.length * NETWORK_PAGE_SIZE_SINGLE }
}
