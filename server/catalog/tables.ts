// Catalogue tables: titles (movies and series), their genre and provider links,
// their watch offers (streaming, rent, buy) with the providers' names and logos,
// seasons, episodes, people with credits, image records, and a small meta table.
// A title's `key` is id * 2 (+1 for series): one integer per title across both
// media types, so the full-text index can use it as its row id.

import type { MediaType } from '#app/lib/catalog/media-type.ts'

// The catalogue's kinds are the app's (one definition); re-exported for the catalogue modules.
export type { MediaType }

export interface CatalogTitlesTable {
	key: number
	media_type: MediaType
	id: number
	title: string
	original_title: string | null
	original_language: string | null
	overview: string
	tagline: string | null
	status: string | null
	/** Movies: release_date; series: first_air_date (YYYY-MM-DD). */
	release_date: string | null
	last_air_date: string | null
	next_air_date: string | null
	runtime: number | null
	popularity: number
	vote_average: number
	vote_count: number
	poster_path: string | null
	backdrop_path: string | null
	logo_path: string | null
	imdb_id: string | null
	/** JSON array of genre ids, in TMDB's order. */
	genre_ids: string
	adult: number
	/** Normalised title + original title, for full-text search. */
	search_text: string
	/** JSON object with the remaining TMDB detail fields (companies, networks, seasons counts...). */
	details: string
	updated_at: number
}

export interface CatalogTitleGenresTable {
	title_key: number
	media_type: MediaType
	genre_id: number
	/** Copied from the title so "genre X by popularity" is one index scan. */
	popularity: number
}

export interface CatalogTitleProvidersTable {
	title_key: number
	media_type: MediaType
	region: string
	provider_id: number
	popularity: number
}

/** TMDB's kinds of offer that Willow keeps: streaming with a subscription, rent, buy. */
export const WATCH_OFFER_KINDS = ['flatrate', 'rent', 'buy'] as const
export type WatchOfferKind = (typeof WATCH_OFFER_KINDS)[number]

/** One way to watch a title in one region (migration 0014). */
export interface CatalogTitleOffersTable {
	title_key: number
	region: string
	kind: WatchOfferKind
	provider_id: number
	/** TMDB's order of the provider in that region (lower first). */
	display_priority: number
}

/** A watch provider's name and logo (a TMDB image path or a Willow /art/ path), as the last import gave them. */
export interface CatalogWatchProvidersTable {
	provider_id: number
	provider_name: string
	logo_path: string | null
}

export interface CatalogSeasonsTable {
	show_id: number
	season_number: number
	id: number
	name: string
	overview: string
	poster_path: string | null
	air_date: string | null
	episode_count: number
	vote_average: number
}

export interface CatalogEpisodesTable {
	show_id: number
	season_number: number
	episode_number: number
	id: number
	name: string
	overview: string
	air_date: string | null
	runtime: number | null
	still_path: string | null
	vote_average: number
	vote_count: number
	/** JSON arrays of TMDB crew / guest-star objects. */
	crew: string
	guest_stars: string
	imdb_id: string | null
}

export interface CatalogPeopleTable {
	id: number
	name: string
	profile_path: string | null
	known_for_department: string | null
	popularity: number
}

export interface CatalogCreditsTable {
	title_key: number
	kind: 'cast' | 'crew'
	credit_order: number
	person_id: number
	character: string | null
	job: string | null
	department: string | null
}

export interface CatalogImagesTable {
	/** 'movie:550', 'tv:1399' or 'episode:1399:1:1'. */
	owner: string
	kind: 'poster' | 'backdrop' | 'logo' | 'still'
	ord: number
	file_path: string
	width: number
	height: number
	iso_639_1: string | null
	vote_average: number
	vote_count: number
}

export interface CatalogMetaTable {
	key: string
	value: string
}

/** The distinct words of every title's search text (typo candidates are checked against it). */
export interface CatalogSearchTermsTable {
	term: string
}

/** PostgreSQL only: the narrow copy of each title that search reads (migration 0004). */
export interface CatalogSearchDocsTable {
	key: number
	popularity: number
	adult: number
	title: string
	/** Null when it equals the title. */
	original_title: string | null
	search_vector: string
}

export interface CatalogTables {
	catalog_titles: CatalogTitlesTable
	catalog_title_genres: CatalogTitleGenresTable
	catalog_title_providers: CatalogTitleProvidersTable
	catalog_title_offers: CatalogTitleOffersTable
	catalog_watch_providers: CatalogWatchProvidersTable
	catalog_seasons: CatalogSeasonsTable
	catalog_episodes: CatalogEpisodesTable
	catalog_people: CatalogPeopleTable
	catalog_credits: CatalogCreditsTable
	catalog_images: CatalogImagesTable
	catalog_meta: CatalogMetaTable
	catalog_search_terms: CatalogSearchTermsTable
	catalog_search_docs: CatalogSearchDocsTable
}

export function titleKey(mediaType: MediaType, id: number) {
	return id * 2 + (mediaType === 'tv' ? 1 : 0)
}
