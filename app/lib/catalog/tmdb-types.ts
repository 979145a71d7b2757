import type { TmdbWatchResults } from './watch-providers.ts'

// TypeScript shapes of the TMDB v3 responses Willow reads (product.md §3, §7).
// Both catalogue back ends (live TMDB and the local database) answer in these
// shapes. Fields TMDB may omit are optional.

export interface TmdbGenre {
	id: number
	name: string
}

export interface TmdbMovieListItem {
	id: number
	media_type?: 'movie'
	title: string
	original_title?: string
	overview: string
	poster_path: string | null
	backdrop_path: string | null
	genre_ids: number[]
	release_date?: string
	vote_average: number
	vote_count: number
	popularity: number
	adult?: boolean
	original_language?: string
	video?: boolean
}

export interface TmdbTvListItem {
	id: number
	media_type?: 'tv'
	name: string
	original_name?: string
	overview: string
	poster_path: string | null
	backdrop_path: string | null
	genre_ids: number[]
	first_air_date?: string
	vote_average: number
	vote_count: number
	popularity: number
	origin_country?: string[]
	original_language?: string
}

export interface TmdbPersonListItem {
	id: number
	media_type: 'person'
	name: string
	profile_path: string | null
	popularity: number
	known_for?: Array<TmdbMovieListItem | TmdbTvListItem>
}

export type TmdbMultiItem = (TmdbMovieListItem & { media_type: 'movie' }) | (TmdbTvListItem & { media_type: 'tv' }) | TmdbPersonListItem

export interface TmdbPage<T> {
	page: number
	results: T[]
	total_pages: number
	total_results: number
	dates?: { minimum: string; maximum: string }
}

export interface TmdbCastMember {
	id: number
	name: string
	character?: string
	profile_path: string | null
	order?: number
}

export interface TmdbCrewMember {
	id: number
	name: string
	job: string
	department?: string
	profile_path: string | null
}

export interface TmdbCredits {
	cast: TmdbCastMember[]
	crew: TmdbCrewMember[]
	guest_stars?: TmdbCastMember[]
}

export interface TmdbImage {
	file_path: string
	width: number
	height: number
	aspect_ratio: number
	iso_639_1: string | null
	vote_average?: number
	vote_count?: number
}

export interface TmdbImages {
	id?: number
	backdrops?: TmdbImage[]
	posters?: TmdbImage[]
	logos?: TmdbImage[]
	stills?: TmdbImage[]
}

export interface TmdbExternalIds {
	imdb_id: string | null
	[key: string]: unknown
}

export interface TmdbMovieDetails extends Omit<TmdbMovieListItem, 'genre_ids'> {
	genres: TmdbGenre[]
	tagline: string | null
	runtime: number | null
	imdb_id: string | null
	status?: string
	production_companies?: Array<{ id: number; name: string; logo_path: string | null; origin_country?: string }>
	credits?: TmdbCredits
	similar?: TmdbPage<TmdbMovieListItem>
	recommendations?: TmdbPage<TmdbMovieListItem>
	external_ids?: TmdbExternalIds
	images?: TmdbImages
	'watch/providers'?: { results: TmdbWatchResults }
}

export interface TmdbSeasonSummary {
	id: number
	season_number: number
	name: string
	overview: string
	poster_path: string | null
	air_date: string | null
	episode_count: number
	vote_average?: number
}

export interface TmdbEpisode {
	id: number
	name: string
	overview: string
	episode_number: number
	season_number: number
	air_date: string | null
	runtime: number | null
	still_path: string | null
	vote_average: number
	vote_count: number
	guest_stars?: TmdbCastMember[]
	crew?: TmdbCrewMember[]
	credits?: TmdbCredits
	external_ids?: TmdbExternalIds
	images?: TmdbImages
	show_id?: number
}

export interface TmdbTvDetails extends Omit<TmdbTvListItem, 'genre_ids'> {
	genres: TmdbGenre[]
	tagline?: string | null
	episode_run_time?: number[]
	number_of_seasons: number
	number_of_episodes: number
	seasons: TmdbSeasonSummary[]
	status?: string
	networks?: Array<{ id: number; name: string; logo_path: string | null }>
	last_episode_to_air?: TmdbEpisode | null
	next_episode_to_air?: TmdbEpisode | null
	credits?: TmdbCredits
	similar?: TmdbPage<TmdbTvListItem>
	external_ids?: TmdbExternalIds
	images?: TmdbImages
	'watch/providers'?: { results: TmdbWatchResults }
}

export interface TmdbSeasonDetails extends TmdbSeasonSummary {
	episodes: TmdbEpisode[]
}

export interface TmdbWatchProviders {
	id: number
	results: TmdbWatchResults
}
