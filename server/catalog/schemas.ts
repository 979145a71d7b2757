import { z } from 'zod'

// Zod schemas of the TMDB v3 response shapes the catalogue answers, written
// from the real responses in tests/fixtures/tmdb/. Tests validate the
// fixtures (so the schemas are faithful) and both back ends' answers with them.

const date = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/)
const path = z.string().nullable()

export const GenreSchema = z.object({ id: z.number().int(), name: z.string() })

export const MovieListItemSchema = z.object({
	adult: z.boolean(),
	backdrop_path: path,
	genre_ids: z.array(z.number().int()),
	id: z.number().int().positive(),
	original_language: z.string(),
	original_title: z.string(),
	overview: z.string(),
	popularity: z.number(),
	poster_path: path,
	release_date: date.optional(),
	title: z.string(),
	video: z.boolean(),
	vote_average: z.number(),
	vote_count: z.number().int(),
})

export const TvListItemSchema = z.object({
	adult: z.boolean().optional(),
	backdrop_path: path,
	genre_ids: z.array(z.number().int()),
	id: z.number().int().positive(),
	origin_country: z.array(z.string()),
	original_language: z.string(),
	original_name: z.string(),
	overview: z.string(),
	popularity: z.number(),
	poster_path: path,
	first_air_date: date.optional(),
	name: z.string(),
	vote_average: z.number(),
	vote_count: z.number().int(),
})

const PersonListItemSchema = z.object({
	id: z.number(),
	media_type: z.literal('person'),
	name: z.string(),
	profile_path: path,
	popularity: z.number(),
})

export const MultiItemSchema = z.union([
	MovieListItemSchema.extend({ media_type: z.literal('movie') }),
	TvListItemSchema.extend({ media_type: z.literal('tv') }),
	PersonListItemSchema,
])

export const pageSchema = <T extends z.ZodType>(item: T) =>
	z.object({
		page: z.number().int().min(1),
		results: z.array(item),
		total_pages: z.number().int().min(0),
		total_results: z.number().int().min(0),
	})

export const MoviePageSchema = pageSchema(MovieListItemSchema)
export const TvPageSchema = pageSchema(TvListItemSchema)
export const MultiPageSchema = pageSchema(MultiItemSchema)
export const TrendingMoviePageSchema = pageSchema(MovieListItemSchema.extend({ media_type: z.literal('movie') }))
export const TrendingTvPageSchema = pageSchema(TvListItemSchema.extend({ media_type: z.literal('tv') }))
export const UpcomingPageSchema = MoviePageSchema.extend({ dates: z.object({ maximum: date, minimum: date }) })

export const GenreListSchema = z.object({ genres: z.array(GenreSchema) })

const CastSchema = z.object({
	adult: z.boolean(),
	gender: z.number().int().nullable(),
	id: z.number().int(),
	known_for_department: z.string().nullable(),
	name: z.string(),
	original_name: z.string(),
	popularity: z.number(),
	profile_path: path,
	character: z.string().nullable(),
	credit_id: z.string(),
	order: z.number().int(),
})

const CrewSchema = z.object({
	adult: z.boolean(),
	gender: z.number().int().nullable(),
	id: z.number().int(),
	known_for_department: z.string().nullable(),
	name: z.string(),
	original_name: z.string(),
	popularity: z.number(),
	profile_path: path,
	credit_id: z.string(),
	department: z.string(),
	job: z.string(),
})

export const CreditsSchema = z.object({ cast: z.array(CastSchema), crew: z.array(CrewSchema) })

export const ImageSchema = z.object({
	aspect_ratio: z.number(),
	height: z.number().int(),
	iso_639_1: z.string().nullable(),
	file_path: z.string().min(1),
	vote_average: z.number(),
	vote_count: z.number().int(),
	width: z.number().int(),
})

export const ImagesSchema = z.object({
	id: z.number().int(),
	backdrops: z.array(ImageSchema),
	logos: z.array(ImageSchema),
	posters: z.array(ImageSchema),
})

export const ExternalIdsSchema = z.object({ imdb_id: z.string().nullable() })

export const MovieDetailsSchema = z.object({
	adult: z.boolean(),
	backdrop_path: path,
	budget: z.number(),
	genres: z.array(GenreSchema),
	homepage: z.string().nullable(),
	id: z.number().int(),
	imdb_id: z.string().nullable(),
	original_language: z.string(),
	original_title: z.string(),
	overview: z.string(),
	popularity: z.number(),
	poster_path: path,
	production_companies: z.array(z.object({ id: z.number(), name: z.string(), logo_path: path })),
	release_date: date,
	revenue: z.number(),
	runtime: z.number().int().nullable(),
	status: z.string(),
	tagline: z.string().nullable(),
	title: z.string(),
	video: z.boolean(),
	vote_average: z.number(),
	vote_count: z.number().int(),
	credits: CreditsSchema.optional(),
	similar: MoviePageSchema.optional(),
	external_ids: ExternalIdsSchema.optional(),
	images: ImagesSchema.omit({ id: true }).optional(),
	release_dates: z.object({ results: z.array(z.object({ iso_3166_1: z.string(), release_dates: z.array(z.unknown()) })) }).optional(),
})

export const EpisodeSummarySchema = z.object({
	air_date: date.nullable(),
	episode_number: z.number().int(),
	id: z.number().int(),
	name: z.string(),
	overview: z.string(),
	runtime: z.number().int().nullable(),
	season_number: z.number().int(),
	show_id: z.number().int().optional(),
	still_path: path,
	vote_average: z.number(),
	vote_count: z.number().int(),
})

const SeasonSummarySchema = z.object({
	air_date: date.nullable(),
	episode_count: z.number().int(),
	id: z.number().int(),
	name: z.string(),
	overview: z.string(),
	poster_path: path,
	season_number: z.number().int(),
	vote_average: z.number(),
})

export const TvDetailsSchema = z.object({
	adult: z.boolean(),
	backdrop_path: path,
	episode_run_time: z.array(z.number()),
	first_air_date: date,
	genres: z.array(GenreSchema),
	id: z.number().int(),
	in_production: z.boolean(),
	last_air_date: date.nullable(),
	last_episode_to_air: EpisodeSummarySchema.nullable(),
	name: z.string(),
	next_episode_to_air: EpisodeSummarySchema.nullable(),
	networks: z.array(z.object({ id: z.number(), name: z.string(), logo_path: path })),
	number_of_episodes: z.number().int(),
	number_of_seasons: z.number().int(),
	origin_country: z.array(z.string()),
	original_language: z.string(),
	original_name: z.string(),
	overview: z.string(),
	popularity: z.number(),
	poster_path: path,
	seasons: z.array(SeasonSummarySchema),
	status: z.string(),
	tagline: z.string().nullable(),
	type: z.string(),
	vote_average: z.number(),
	vote_count: z.number().int(),
	external_ids: ExternalIdsSchema.optional(),
	credits: CreditsSchema.optional(),
	similar: TvPageSchema.optional(),
})

const EpisodePersonSchema = z.object({ id: z.number().int(), name: z.string(), profile_path: path })

export const SeasonDetailsSchema = SeasonSummarySchema.omit({ episode_count: true }).extend({
	_id: z.string(),
	episodes: z.array(
		EpisodeSummarySchema.extend({
			crew: z.array(EpisodePersonSchema.extend({ job: z.string(), department: z.string().nullable() })),
			guest_stars: z.array(EpisodePersonSchema.extend({ character: z.string().nullable().optional() })),
		}),
	),
})

export const EpisodeDetailsSchema = EpisodeSummarySchema.extend({
	crew: z.array(EpisodePersonSchema.extend({ job: z.string() })),
	guest_stars: z.array(EpisodePersonSchema),
	credits: z
		.object({ cast: z.array(EpisodePersonSchema), crew: z.array(EpisodePersonSchema), guest_stars: z.array(EpisodePersonSchema) })
		.optional(),
	external_ids: ExternalIdsSchema.optional(),
	images: z.object({ stills: z.array(ImageSchema) }).optional(),
})

export const EpisodeImagesSchema = z.object({ id: z.number().int(), stills: z.array(ImageSchema) })

const ProviderSchema = z.object({ logo_path: path, provider_id: z.number().int(), provider_name: z.string(), display_priority: z.number() })

export const WatchProvidersSchema = z.object({
	id: z.number().int(),
	results: z.record(
		z.string().regex(/^[A-Z]{2}$/),
		z.object({
			link: z.string(),
			flatrate: z.array(ProviderSchema).optional(),
			rent: z.array(ProviderSchema).optional(),
			buy: z.array(ProviderSchema).optional(),
		}),
	),
})
