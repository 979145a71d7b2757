import { z } from 'zod'
import { badRequest, notFound } from '../http/errors.server.ts'

// The allow-list of TMDB v3 paths the site uses, with their query parameters.
// Both back ends dispatch on the parsed route, so they accept exactly the same
// requests; anything else is a 404 and a bad parameter is a 400.

export type CatalogQuery = Record<string, string | number | boolean | undefined | null>

const page = z.coerce
	.number({ error: 'page must be a number' })
	.int('page must be a whole number')
	.min(1, 'page must be at least 1')
	.max(500, 'page must be at most 500')
	.default(1)
const language = z
	.string()
	.regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'language must look like en or en-US')
	.optional()
const region = z
	.string()
	.regex(/^[A-Z]{2}$/, 'region must be a two-letter country code')
	.optional()
const flag = z.enum(['true', 'false']).optional()
const date = (name: string) =>
	z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2024-01-31`)
		.optional()
/** The largest id PostgreSQL's integer holds (TMDB's are far below it). */
export const MAX_TMDB_ID = 2_147_483_647
/** At most 20 ids: TMDB's pages never need more, and each distinct list is its own upstream call. */
const idList = (name: string) =>
	z
		.string()
		.regex(/^\d{1,10}([,|]\d{1,10}){0,19}$/, `${name} must be up to 20 ids separated by , (and) or | (or)`)
		// Checked here, not by the database: PostgreSQL's integer columns refuse larger ids with an error.
		.refine((ids) => ids.split(/[,|]/).every((id) => Number(id) <= MAX_TMDB_ID), `${name}: ids go up to ${MAX_TMDB_ID}`)
		.optional()

const APPENDS = [
	'alternative_titles',
	'credits',
	'similar',
	'recommendations',
	'external_ids',
	'images',
	'release_dates',
	'watch/providers',
	'videos',
	'keywords',
] as const
const appendToResponse = z
	.string()
	.max(200)
	.optional()
	.transform((value, ctx) => {
		const parts = (value ?? '')
			.split(',')
			.map((p) => p.trim())
			.filter(Boolean)
		for (const part of parts) {
			if (!(APPENDS as readonly string[]).includes(part)) {
				ctx.addIssue({ code: 'custom', message: `append_to_response: unsupported value "${part}"` })
				return z.NEVER
			}
		}
		return parts
	})

const listQuery = z.object({ page, language, region })
const detailQuery = z.object({ language, append_to_response: appendToResponse })
const imagesQuery = z.object({
	language,
	include_image_language: z
		.string()
		.regex(/^([a-z]{2}|null)(,([a-z]{2}|null))*$/, 'include_image_language must be language codes or null, comma-separated')
		.optional(),
})
const emptyQuery = z.object({ language })

export const DISCOVER_SORTS = [
	'popularity.desc',
	'popularity.asc',
	'vote_average.desc',
	'vote_average.asc',
	'vote_count.desc',
	'vote_count.asc',
	'primary_release_date.desc',
	'primary_release_date.asc',
	'release_date.desc',
	'release_date.asc',
	'first_air_date.desc',
	'first_air_date.asc',
	'title.asc',
	'title.desc',
	'original_title.asc',
	'original_title.desc',
	'name.asc',
	'name.desc',
] as const

const discoverQuery = z.object({
	page,
	language,
	region,
	watch_region: region,
	with_watch_providers: idList('with_watch_providers'),
	with_genres: idList('with_genres'),
	without_genres: idList('without_genres'),
	sort_by: z.enum(DISCOVER_SORTS, { error: `sort_by must be one of ${DISCOVER_SORTS.join(', ')}` }).default('popularity.desc'),
	include_adult: flag,
	include_video: flag,
	include_null_first_air_dates: flag,
	with_original_language: z
		.string()
		.regex(/^[a-z]{2}$/, 'with_original_language must be a language code')
		.optional(),
	'primary_release_date.gte': date('primary_release_date.gte'),
	'primary_release_date.lte': date('primary_release_date.lte'),
	'release_date.gte': date('release_date.gte'),
	'release_date.lte': date('release_date.lte'),
	'first_air_date.gte': date('first_air_date.gte'),
	'first_air_date.lte': date('first_air_date.lte'),
	'air_date.gte': date('air_date.gte'),
	'air_date.lte': date('air_date.lte'),
	'vote_count.gte': z.coerce
		.number()
		.int('vote_count.gte must be a whole number')
		.min(0)
		.max(100_000, 'vote_count.gte must be at most 100000')
		.optional(),
	'vote_average.gte': z.coerce.number().min(0).max(10).optional(),
})

const searchQuery = z.object({
	query: z.string({ error: 'query is required' }).trim().min(1, 'query is required').max(200, 'query is too long'),
	page,
	language,
	region,
	include_adult: flag,
})

export type ListQuery = z.infer<typeof listQuery>
export type DetailQuery = z.infer<typeof detailQuery>
export type ImagesQuery = z.infer<typeof imagesQuery>
export type DiscoverQuery = z.infer<typeof discoverQuery>
export type SearchQuery = z.infer<typeof searchQuery>

export type CatalogRoute =
	| { name: 'search'; query: SearchQuery }
	| { name: 'details'; media: 'movie' | 'tv'; id: number; query: DetailQuery }
	| { name: 'images'; media: 'movie' | 'tv'; id: number; query: ImagesQuery }
	| { name: 'providers'; media: 'movie' | 'tv'; id: number; query: z.infer<typeof emptyQuery> }
	| { name: 'season'; id: number; season: number; query: DetailQuery }
	| { name: 'episode'; id: number; season: number; episode: number; query: DetailQuery }
	| { name: 'list'; media: 'movie' | 'tv'; list: 'popular' | 'top_rated' | 'upcoming' | 'on_the_air'; query: ListQuery }
	| { name: 'trending'; media: 'movie' | 'tv'; window: 'day' | 'week'; query: ListQuery }
	| { name: 'discover'; media: 'movie' | 'tv'; query: DiscoverQuery }
	| { name: 'genres'; media: 'movie' | 'tv'; query: z.infer<typeof emptyQuery> }

function parse<S extends z.ZodType>(schema: S, query: CatalogQuery): z.infer<S> {
	const input: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined || value === null || key === 'api_key') continue
		if (Array.isArray(value)) throw badRequest(`${key}: give this parameter once`)
		input[key] = typeof value === 'string' ? value : String(value)
	}
	const result = schema.safeParse(input)
	if (result.success) return result.data
	const issue = result.error.issues[0]
	const where = issue && issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0])) ? `${issue.path.join('.')}: ` : ''
	throw badRequest(`${where}${issue?.message ?? 'Invalid query'}`)
}

const ID = '([1-9]\\d{0,9})'
const NUM = '(\\d{1,4})'
const matchers: Array<[RegExp, (m: RegExpMatchArray, q: CatalogQuery) => CatalogRoute]> = [
	[/^search\/multi$/, (_m, q) => ({ name: 'search', query: parse(searchQuery, q) })],
	[
		/^(movie|tv)\/(popular|top_rated)$/,
		(m, q) => ({ name: 'list', media: m[1] as 'movie' | 'tv', list: m[2] as 'popular', query: parse(listQuery, q) }),
	],
	[/^movie\/upcoming$/, (_m, q) => ({ name: 'list', media: 'movie', list: 'upcoming', query: parse(listQuery, q) })],
	[/^tv\/on_the_air$/, (_m, q) => ({ name: 'list', media: 'tv', list: 'on_the_air', query: parse(listQuery, q) })],
	[
		/^trending\/(movie|tv)\/(day|week)$/,
		(m, q) => ({ name: 'trending', media: m[1] as 'movie', window: m[2] as 'day', query: parse(listQuery, q) }),
	],
	[/^discover\/(movie|tv)$/, (m, q) => ({ name: 'discover', media: m[1] as 'movie', query: parse(discoverQuery, q) })],
	[/^genre\/(movie|tv)\/list$/, (m, q) => ({ name: 'genres', media: m[1] as 'movie', query: parse(emptyQuery, q) })],
	[
		new RegExp(`^(movie|tv)\\/${ID}$`),
		(m, q) => ({ name: 'details', media: m[1] as 'movie', id: Number(m[2]), query: parse(detailQuery, q) }),
	],
	[
		new RegExp(`^(movie|tv)\\/${ID}\\/images$`),
		(m, q) => ({ name: 'images', media: m[1] as 'movie', id: Number(m[2]), query: parse(imagesQuery, q) }),
	],
	[
		new RegExp(`^(movie|tv)\\/${ID}\\/watch\\/providers$`),
		(m, q) => ({ name: 'providers', media: m[1] as 'movie', id: Number(m[2]), query: parse(emptyQuery, q) }),
	],
	[
		new RegExp(`^tv\\/${ID}\\/season\\/${NUM}$`),
		(m, q) => ({ name: 'season', id: Number(m[1]), season: Number(m[2]), query: parse(detailQuery, q) }),
	],
	[
		new RegExp(`^tv\\/${ID}\\/season\\/${NUM}\\/episode\\/${NUM}$`),
		(m, q) => ({ name: 'episode', id: Number(m[1]), season: Number(m[2]), episode: Number(m[3]), query: parse(detailQuery, q) }),
	],
]

/** Turns a TMDB v3 path (with or without a leading slash or /3 prefix) into a route; unknown → 404, bad query → 400. */
export function parseCatalogRoute(path: string, query: CatalogQuery = {}): CatalogRoute {
	const clean = path.replace(/^\/+/, '').replace(/^3\//, '').replace(/\/+$/, '')
	for (const [pattern, build] of matchers) {
		const match = clean.match(pattern)
		if (!match) continue
		const route = build(match, query)
		// TMDB ids fit PostgreSQL's integer; a longer one names no title.
		if ('id' in route && route.id > MAX_TMDB_ID) throw notFound('No such title')
		return route
	}
	throw notFound(`Unknown catalogue path: /${clean.slice(0, 100)}`)
}

/** A stable cache key for a route: the path plus its validated parameters in a fixed order. */
export function routeCacheKey(path: string, query: Record<string, unknown>): string {
	const clean = path.replace(/^\/+/, '').replace(/^3\//, '').replace(/\/+$/, '')
	const parts = Object.entries(query)
		.filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
	return `${clean}?${parts.join('&')}`
}
