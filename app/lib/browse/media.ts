import type { TmdbMovieListItem, TmdbMultiItem, TmdbTvListItem } from '../catalog/tmdb-types.ts'
import { movieHref, seriesHref, slugify } from '../catalog/slug.ts'
import { truncateOverview } from './format.ts'

/** A movie or series as list endpoints return it (media_type may be absent). */
export type MediaListItem = TmdbMovieListItem | TmdbTvListItem

/** Anything that may carry title/name fields: list items, details, search rows. */
export interface MediaLike {
	id: number
	media_type?: string
	title?: string
	original_title?: string
	name?: string
	original_name?: string
	release_date?: string
	first_air_date?: string
}

export type MediaKind = 'movie' | 'tv' | 'unknown'

/** product.md §3: movie if media_type says so or a title exists, tv if a name exists, else unknown. */
export function mediaKind(item: MediaLike): MediaKind {
	if (item.media_type === 'movie') return 'movie'
	if (item.media_type === 'tv') return 'tv'
	if (item.media_type === 'person') return 'unknown'
	if (item.title || item.original_title) return 'movie'
	if (item.name || item.original_name) return 'tv'
	return 'unknown'
}

/** Display name with product.md's fallbacks: Untitled Movie, Untitled Series, Untitled. */
export function mediaTitle(item: MediaLike): string {
	const kind = mediaKind(item)
	if (kind === 'movie') return item.title || item.original_title || 'Untitled Movie'
	if (kind === 'tv') return item.name || item.original_name || 'Untitled Series'
	return item.title || item.name || 'Untitled'
}

/** release_date for movies, first_air_date for series; '' and absent → undefined. */
export function mediaDate(item: MediaLike): string | undefined {
	const date = mediaKind(item) === 'tv' ? item.first_air_date : item.release_date
	return date ? date : undefined
}

/** Link to the detail page, or undefined for people and unknown kinds. */
export function mediaHref(item: MediaLike): string | undefined {
	const kind = mediaKind(item)
	if (kind === 'movie') return movieHref(item.id, mediaTitle(item))
	if (kind === 'tv') return seriesHref(item.id, mediaTitle(item))
	return undefined
}

/** Tags list items with their kind, so mixed rows keep linking correctly. */
export function withKind<T extends MediaLike>(items: readonly T[], kind: 'movie' | 'tv'): Array<T & { media_type: 'movie' | 'tv' }> {
	return items.map((item) => ({ ...item, media_type: kind }))
}

/** Only movie and tv results are kept from /search/multi (product.md §5). */
export function isMovieOrTv(item: TmdbMultiItem): item is Exclude<TmdbMultiItem, { media_type: 'person' }> {
	return item.media_type === 'movie' || item.media_type === 'tv'
}

/** Trending badge rule (product.md §9): popularity above 450. */
export const TRENDING_POPULARITY = 450

export function isTrending(popularity: number | null | undefined): boolean {
	return typeof popularity === 'number' && popularity > TRENDING_POPULARITY
}

/** Keeps the first of each (kind, id) pair: merged lists may repeat titles. */
export function uniqueMedia<T extends MediaLike>(items: readonly T[]): T[] {
	const seen = new Set<string>()
	const out: T[] = []
	for (const item of items) {
		const key = `${mediaKind(item)}:${item.id}`
		if (seen.has(key)) continue
		seen.add(key)
		out.push(item)
	}
	return out
}

/** Where a genre chip links: /categories/{slug of the name}, or the category covering that genre id when the name's slug is not one of the 25. */
export function genreCategoryHref(
	genre: { id: number; name: string },
	categories: ReadonlyArray<{ slug: string; movieGenreId?: number; tvGenreId?: number; originalLanguage?: string }>,
): string {
	const slug = slugify(genre.name)
	if (categories.some((c) => c.slug === slug)) return `/categories/${slug}`
	// A category narrowed by language (Anime) is never where a genre as a whole leads.
	const byId = categories.find((c) => !c.originalLanguage && (c.movieGenreId === genre.id || c.tvGenreId === genre.id))
	return `/categories/${byId?.slug ?? slug}`
}

/** The fields a poster card (and client-side sorting) needs; loaders send only these to keep pages light. */
export interface CardFields {
	id: number
	media_type?: 'movie' | 'tv'
	title?: string
	name?: string
	release_date?: string
	first_air_date?: string
	poster_path: string | null
	vote_average?: number
	vote_count?: number
	popularity?: number
}

export function toCard(
	item: MediaLike & { poster_path?: string | null; vote_average?: number; vote_count?: number; popularity?: number },
): CardFields {
	const kind = mediaKind(item)
	const card: CardFields = { id: item.id, poster_path: item.poster_path ?? null }
	if (kind === 'movie' || kind === 'tv') card.media_type = kind
	if (kind === 'tv') {
		card.name = mediaTitle(item)
		if (item.first_air_date) card.first_air_date = item.first_air_date
	} else {
		card.title = mediaTitle(item)
		if (item.release_date) card.release_date = item.release_date
	}
	if (typeof item.vote_average === 'number') card.vote_average = item.vote_average
	if (typeof item.vote_count === 'number') card.vote_count = item.vote_count
	if (typeof item.popularity === 'number') card.popularity = item.popularity
	return card
}

export function toCards(items: ReadonlyArray<Parameters<typeof toCard>[0]>): CardFields[] {
	return items.map(toCard)
}

/** Characters of a hero slide's overview (the slide clamps to three lines). */
export const HERO_OVERVIEW_LIMIT = 220

/** A hero slide's fields: a card's, the backdrop, the logo and the shortened overview (the page carries nothing else). */
export interface HeroFields extends CardFields {
	backdrop_path: string | null
	overview: string
	logo_path: string | null
}

export function toHeroItem(
	item: Parameters<typeof toCard>[0] & { backdrop_path?: string | null; overview?: string | null; logo_path?: string | null },
): HeroFields {
	return {
		...toCard(item),
		backdrop_path: item.backdrop_path ?? null,
		overview: truncateOverview(item.overview, HERO_OVERVIEW_LIMIT),
		logo_path: item.logo_path ?? null,
	}
}
