import { z } from 'zod'

// The shape of one import line: a TMDB v3 movie or series details object
// (what /movie/{id} or /tv/{id} returns, optionally with appended credits,
// images, external_ids and watch/providers; series may carry their seasons
// with episodes). Unknown fields are ignored; missing ones get TMDB's defaults.

const text = z.string().nullish()
const num = z.number().finite().nullish()

export const ImportPersonSchema = z.object({
	id: z.number().int().nonnegative(),
	name: z.string(),
	profile_path: text,
	character: text,
	job: text,
	department: text,
	known_for_department: text,
	popularity: num,
	order: num,
})

export const ImportImageSchema = z.object({
	file_path: z.string().min(1),
	width: z.number().int().nonnegative().default(0),
	height: z.number().int().nonnegative().default(0),
	iso_639_1: text,
	vote_average: num,
	vote_count: num,
})

const ImagesSchema = z.object({
	posters: z.array(ImportImageSchema).optional(),
	backdrops: z.array(ImportImageSchema).optional(),
	logos: z.array(ImportImageSchema).optional(),
	stills: z.array(ImportImageSchema).optional(),
})

export const ImportEpisodeSchema = z.object({
	id: z.number().int().nullish(),
	episode_number: z.number().int().nonnegative(),
	name: text,
	overview: text,
	air_date: text,
	runtime: num,
	still_path: text,
	vote_average: num,
	vote_count: num,
	crew: z.array(ImportPersonSchema).optional(),
	guest_stars: z.array(ImportPersonSchema).optional(),
	external_ids: z.object({ imdb_id: text }).partial().optional(),
	images: ImagesSchema.optional(),
})

export const ImportSeasonSchema = z.object({
	id: z.number().int().nullish(),
	season_number: z.number().int().nonnegative(),
	name: text,
	overview: text,
	poster_path: text,
	air_date: text,
	episode_count: num,
	vote_average: num,
	episodes: z.array(ImportEpisodeSchema).optional(),
})

const ProviderSchema = z.object({
	provider_id: z.number().int(),
	provider_name: text,
	logo_path: text,
	display_priority: num,
})

const AlternativeTitleSchema = z.object({ title: z.string().min(1), iso_3166_1: text, type: text })

const common = {
	id: z.number().int().positive(),
	overview: text,
	tagline: text,
	original_language: text,
	status: text,
	popularity: num,
	vote_average: num,
	vote_count: num,
	poster_path: text,
	backdrop_path: text,
	logo_path: text,
	genre_ids: z.array(z.number().int()).optional(),
	genres: z.array(z.object({ id: z.number().int(), name: z.string().optional() })).optional(),
	adult: z.boolean().nullish(),
	imdb_id: text,
	homepage: text,
	production_companies: z.array(z.record(z.string(), z.unknown())).optional(),
	external_ids: z.object({ imdb_id: text }).catchall(z.unknown()).optional(),
	credits: z.object({ cast: z.array(ImportPersonSchema).optional(), crew: z.array(ImportPersonSchema).optional() }).optional(),
	images: ImagesSchema.optional(),
	/** TMDB's other names of the title (romanized, regional, former): `titles` for films, `results` for series. */
	alternative_titles: z
		.object({ titles: z.array(AlternativeTitleSchema).optional(), results: z.array(AlternativeTitleSchema).optional() })
		.optional(),
	'watch/providers': z
		.object({
			results: z.record(
				z.string(),
				z.object({
					link: text,
					flatrate: z.array(ProviderSchema).optional(),
					rent: z.array(ProviderSchema).optional(),
					buy: z.array(ProviderSchema).optional(),
				}),
			),
		})
		.optional(),
}

export const ImportMovieSchema = z.object({
	...common,
	media_type: z.literal('movie').optional(),
	title: z.string().min(1),
	original_title: text,
	release_date: text,
	runtime: num,
	budget: num,
	revenue: num,
	video: z.boolean().nullish(),
	production_countries: z.array(z.unknown()).optional(),
	spoken_languages: z.array(z.unknown()).optional(),
	release_dates: z.unknown().optional(),
	origin_country: z.array(z.string()).optional(),
})

export const ImportTvSchema = z.object({
	...common,
	media_type: z.literal('tv').optional(),
	name: z.string().min(1),
	original_name: text,
	first_air_date: text,
	last_air_date: text,
	episode_run_time: z.array(z.number()).optional(),
	number_of_seasons: num,
	number_of_episodes: num,
	origin_country: z.array(z.string()).optional(),
	networks: z.array(z.record(z.string(), z.unknown())).optional(),
	created_by: z.array(z.record(z.string(), z.unknown())).optional(),
	type: text,
	in_production: z.boolean().nullish(),
	languages: z.array(z.string()).optional(),
	seasons: z.array(ImportSeasonSchema).optional(),
	next_episode_to_air: z.object({ air_date: text }).catchall(z.unknown()).nullish(),
})

export type ImportMovie = z.infer<typeof ImportMovieSchema> & { media_type?: 'movie' }
export type ImportTv = z.infer<typeof ImportTvSchema> & { media_type?: 'tv' }
export type ImportItem = ({ kind: 'movie' } & ImportMovie) | ({ kind: 'tv' } & ImportTv)

/** Parses one import object; the error names the first problem. */
export function parseImportItem(value: unknown): { ok: true; item: ImportItem } | { ok: false; error: string } {
	if (!value || typeof value !== 'object') return { ok: false, error: 'not a JSON object' }
	const record = value as Record<string, unknown>
	const kind = record.media_type === 'tv' || (record.media_type === undefined && 'name' in record && !('title' in record)) ? 'tv' : 'movie'
	if (record.media_type !== undefined && record.media_type !== 'movie' && record.media_type !== 'tv') {
		return { ok: false, error: `media_type must be "movie" or "tv", got ${JSON.stringify(record.media_type)}` }
	}
	const result = kind === 'tv' ? ImportTvSchema.safeParse(value) : ImportMovieSchema.safeParse(value)
	if (!result.success) {
		const issue = result.error.issues[0]
		return { ok: false, error: `${issue?.path.join('.') || kind}: ${issue?.message ?? 'invalid'}` }
	}
	return { ok: true, item: { kind, ...result.data } as ImportItem }
}
