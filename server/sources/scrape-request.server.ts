import { yearOf } from '#app/lib/titles/match.ts'
import { catalogGet } from '../catalog/catalog.server.ts'
import { HttpError, notFound } from '../http/errors.server.ts'
import type { ScrapeRequest } from './types.ts'

// The §3 scrape request, built from Willow's own catalogue: the browser sends
// ids only, so a source never sees a title or year the client made up.

export type TitleRef = { type: 'movie'; tmdbId: number } | { type: 'tv'; tmdbId: number; season: number; episode: number }

interface MovieDetails {
	id: number
	title?: string | null
	original_title?: string | null
	release_date?: string | null
	imdb_id?: string | null
	external_ids?: { imdb_id?: string | null } | null
}

interface ShowDetails {
	id: number
	name?: string | null
	original_name?: string | null
	first_air_date?: string | null
	external_ids?: { imdb_id?: string | null } | null
	seasons?: Array<{ id?: number | null; season_number?: number | null }> | null
}

interface EpisodeDetails {
	id?: number | null
	season_number?: number | null
	episode_number?: number | null
}

const imdbOf = (...candidates: Array<string | null | undefined>) =>
	candidates.find((id): id is string => !!id && /^tt\d+$/.test(id)) ?? null

/** The catalogue's 404 becomes the lookup's own message; other errors (502 from TMDB…) pass through. */
async function fromCatalog<T>(path: string, query: Record<string, string>, missing: string): Promise<T> {
	try {
		return await catalogGet<T>(path, query)
	} catch (error) {
		if (error instanceof HttpError && error.status === 404) throw notFound(missing)
		throw error
	}
}

/** Builds the scrape request for a movie or an episode; unknown title or episode → 404 HttpError. */
export async function buildScrapeRequest(ref: TitleRef): Promise<ScrapeRequest> {
	if (ref.type === 'movie') {
		const movie = await fromCatalog<MovieDetails>(`movie/${ref.tmdbId}`, { append_to_response: 'external_ids' }, 'Unknown title')
		const title = movie.title || movie.original_title || 'Untitled Movie'
		return {
			type: 'movie',
			title,
			...(movie.original_title && movie.original_title !== title ? { originalTitle: movie.original_title } : {}),
			releaseYear: yearOf(movie.release_date),
			tmdbId: ref.tmdbId,
			imdbId: imdbOf(movie.imdb_id, movie.external_ids?.imdb_id),
		}
	}
	const show = await fromCatalog<ShowDetails>(`tv/${ref.tmdbId}`, { append_to_response: 'external_ids' }, 'Unknown title')
	const episode = await fromCatalog<EpisodeDetails>(`tv/${ref.tmdbId}/season/${ref.season}/episode/${ref.episode}`, {}, 'Unknown episode')
	const title = show.name || show.original_name || 'Untitled Series'
	const season = show.seasons?.find((s) => s.season_number === ref.season)
	return {
		type: 'show',
		title,
		...(show.original_name && show.original_name !== title ? { originalTitle: show.original_name } : {}),
		releaseYear: yearOf(show.first_air_date),
		tmdbId: ref.tmdbId,
		imdbId: imdbOf(show.external_ids?.imdb_id),
		season: { number: ref.season, tmdbId: typeof season?.id === 'number' ? season.id : null },
		episode: { number: ref.episode, tmdbId: typeof episode.id === 'number' ? episode.id : null },
	}
}
