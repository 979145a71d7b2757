import type { TmdbMultiItem } from '../catalog/tmdb-types.ts'
import { isMovieOrTv, mediaDate, type MediaLike } from './media.ts'
import { parseTmdbDate } from './release.ts'

/** Search debounce (product.md §9): a search starts 300 ms after the last change. */
export const SEARCH_DEBOUNCE_MS = 300
/** Rows of pulsing placeholders in the overlay while loading. */
export const OVERLAY_SKELETON_ROWS = 4

export const SEARCH_TYPES = ['all', 'movie', 'tv'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]
export const SEARCH_TYPE_LABELS: Record<SearchType, string> = { all: 'All', movie: 'Movies', tv: 'TV Shows' }

export const SEARCH_SORTS = ['popularity', 'rating', 'release_date'] as const
export type SearchSortKey = (typeof SEARCH_SORTS)[number]
export const SEARCH_SORT_LABELS: Record<SearchSortKey, string> = {
	popularity: 'Popularity',
	rating: 'Rating',
	release_date: 'Release date',
}
export type SortOrder = 'asc' | 'desc'

/** The search page's address: query, page, sort and type (bad values fall back to defaults). */
export interface SearchState {
	query: string
	page: number
	sort: SearchSortKey
	order: SortOrder
	type: SearchType
}

/** Serialises the state, leaving defaults out so addresses stay short. */
export function searchParamsFor(state: SearchState): URLSearchParams {
	const params = new URLSearchParams()
	if (state.query) params.set('query', state.query)
	if (state.page > 1) params.set('page', String(state.page))
	if (state.sort !== 'popularity') params.set('sort', state.sort)
	if (state.order !== 'desc') params.set('order', state.order)
	if (state.type !== 'all') params.set('type', state.type)
	return params
}

/**
 * Moves to a new state the way the page does: a change of query, filter, sort
 * or order goes back to page 1; only an explicit page change keeps the page.
 */
export function nextSearchState(current: SearchState, change: Partial<SearchState>): SearchState {
	const next = { ...current, ...change }
	const resetsPage =
		(change.query !== undefined && change.query !== current.query) ||
		(change.type !== undefined && change.type !== current.type) ||
		(change.sort !== undefined && change.sort !== current.sort) ||
		(change.order !== undefined && change.order !== current.order)
	if (resetsPage && change.page === undefined) next.page = 1
	return next
}

export type SearchResult = Exclude<TmdbMultiItem, { media_type: 'person' }>

/** Keeps movie and tv results (product.md §5), then applies the type filter. */
export function filterSearchResults(results: readonly TmdbMultiItem[], type: SearchType): SearchResult[] {
	return results.filter(isMovieOrTv).filter((item) => type === 'all' || item.media_type === type)
}

/** The type filter over already-kept results (cards carry media_type). */
export function filterByType<T extends { media_type?: string }>(results: readonly T[], type: SearchType): T[] {
	return results.filter((item) => (item.media_type === 'movie' || item.media_type === 'tv') && (type === 'all' || item.media_type === type))
}

function sortValue(
	item: MediaLike & { popularity?: number; vote_average?: number; vote_count?: number },
	key: SearchSortKey,
): number | undefined {
	if (key === 'popularity') return typeof item.popularity === 'number' ? item.popularity : undefined
	if (key === 'rating') {
		// A 0 rating with no votes means "not rated", not "rated zero".
		if (typeof item.vote_average !== 'number') return undefined
		if (item.vote_average === 0 && !item.vote_count) return undefined
		return item.vote_average
	}
	return parseTmdbDate(mediaDate(item))
}

/** Sorts by popularity, rating or release date, ascending or descending; missing values always last. Stable. */
export function sortSearchResults<T extends MediaLike & { popularity?: number; vote_average?: number; vote_count?: number }>(
	results: readonly T[],
	key: SearchSortKey,
	order: SortOrder,
): T[] {
	return results
		.map((item, index) => ({ item, index, value: sortValue(item, key) }))
		.sort((a, b) => {
			if (a.value === undefined && b.value === undefined) return a.index - b.index
			if (a.value === undefined) return 1
			if (b.value === undefined) return -1
			const diff = order === 'asc' ? a.value - b.value : b.value - a.value
			return diff !== 0 ? diff : a.index - b.index
		})
		.map((entry) => entry.item)
}
