import { sql, type SelectQueryBuilder } from 'kysely'
import { LRUCache } from 'lru-cache'
import { artPath } from '#app/lib/images.ts'
import { NETWORKS } from '#app/lib/networks.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.server.ts'
import { genreObjects, MOVIE_GENRES, TV_GENRES } from './genre-lists.ts'
import type { CatalogRoute, DetailQuery, DiscoverQuery, ImagesQuery, ListQuery, SearchQuery } from './routes.ts'
import { createPgSearch } from './pg-search.server.ts'
import { queryTokens, relevanceScore, singleEdits, type SearchWord } from './search-text.ts'
import { titleKey, type CatalogTitlesTable, type MediaType } from './tables.ts'

// The local back end: answers the catalogue routes from Willow's own tables,
// in TMDB's response shapes.

const PAGE_SIZE = 20
/** Matches beyond which search walks the popularity index instead of sorting every match. */
const BROAD_MATCH = 4000
/** Most candidates search ranks: pages past them would be empty, so totals stop there too. */
const SEARCH_MAX_CANDIDATES = 2000
const MAX_PAGES = 500
const TOP_RATED_MIN_VOTES = 200
const NOT_FOUND_MESSAGE = 'The resource you requested could not be found.'

type TitleRow = Pick<
	CatalogTitlesTable,
	| 'key'
	| 'media_type'
	| 'id'
	| 'title'
	| 'original_title'
	| 'original_language'
	| 'overview'
	| 'poster_path'
	| 'backdrop_path'
	| 'genre_ids'
	| 'release_date'
	| 'popularity'
	| 'vote_average'
	| 'vote_count'
	| 'adult'
	| 'details'
>

const LIST_COLUMNS = [
	't.key',
	't.media_type',
	't.id',
	't.title',
	't.original_title',
	't.original_language',
	't.overview',
	't.poster_path',
	't.backdrop_path',
	't.genre_ids',
	't.release_date',
	't.popularity',
	't.vote_average',
	't.vote_count',
	't.adult',
	't.details',
] as const

/** What search ranks on, before reading the page's titles in full. */
type Candidate = Pick<CatalogTitlesTable, 'key' | 'title' | 'original_title' | 'popularity'>
const CANDIDATE_COLUMNS = ['t.key', 't.title', 't.original_title', 't.popularity'] as const

const round3 = (n: number) => Math.round(n * 1000) / 1000
const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
	if (!text) return fallback
	try {
		return JSON.parse(text) as T
	} catch {
		return fallback
	}
}

export function movieListItem(row: TitleRow, withMediaType = false) {
	return {
		adult: row.adult === 1,
		backdrop_path: row.backdrop_path,
		genre_ids: parseJson<number[]>(row.genre_ids, []),
		id: row.id,
		...(withMediaType ? { media_type: 'movie' as const } : {}),
		original_language: row.original_language ?? 'en',
		original_title: row.original_title ?? row.title,
		overview: row.overview,
		popularity: round3(row.popularity),
		poster_path: row.poster_path,
		release_date: row.release_date ?? '',
		title: row.title,
		video: false,
		vote_average: round3(row.vote_average),
		vote_count: row.vote_count,
	}
}

export function tvListItem(row: TitleRow, withMediaType = false) {
	const details = parseJson<{ origin_country?: string[] }>(row.details, {})
	return {
		adult: row.adult === 1,
		backdrop_path: row.backdrop_path,
		genre_ids: parseJson<number[]>(row.genre_ids, []),
		id: row.id,
		...(withMediaType ? { media_type: 'tv' as const } : {}),
		origin_country: details.origin_country ?? [],
		original_language: row.original_language ?? 'en',
		original_name: row.original_title ?? row.title,
		overview: row.overview,
		popularity: round3(row.popularity),
		poster_path: row.poster_path,
		first_air_date: row.release_date ?? '',
		name: row.title,
		vote_average: round3(row.vote_average),
		vote_count: row.vote_count,
	}
}

const listItem = (row: TitleRow, withMediaType = false) => (row.media_type === 'movie' ? movieListItem(row, withMediaType) : tvListItem(row, withMediaType))

function pageOf<T>(page: number, results: T[], total: number) {
	const totalResults = Math.max(0, total)
	return { page, results, total_pages: Math.min(MAX_PAGES, Math.ceil(totalResults / PAGE_SIZE)), total_results: totalResults }
}

function isoDate(date: Date) {
	return date.toISOString().slice(0, 10)
}

function addDays(date: Date, days: number) {
	return new Date(date.getTime() + days * 86_400_000)
}

export interface LocalCatalogOptions {
	/** The clock: "upcoming" and "on the air" are relative to it. */
	now?: () => Date
}

export function createLocalCatalog(handle: DatabaseHandle, options: LocalCatalogOptions = {}) {
	const { db, dialect } = handle
	const now = options.now ?? (() => new Date())
	// Counting every match of a broad filter is the slow part of a list page; counts change only on import.
	const counts = new LRUCache<string, number>({ max: 2000, ttl: 60_000 })
	let trigramAvailable: boolean | undefined
	const pgSearch = createPgSearch(db)

	async function countCached(cacheKey: string, count: () => Promise<number>) {
		const hit = counts.get(cacheKey)
		if (hit !== undefined) return hit
		const value = await count()
		counts.set(cacheKey, value)
		return value
	}

	const titles = () => db.selectFrom('catalog_titles as t').select(LIST_COLUMNS)

	async function findTitle(media: MediaType, id: number) {
		const row = await db.selectFrom('catalog_titles').selectAll().where('key', '=', titleKey(media, id)).executeTakeFirst()
		if (!row) throw notFound(NOT_FOUND_MESSAGE)
		return row
	}

	// ---- lists -------------------------------------------------------------

	async function list(media: MediaType, which: 'popular' | 'top_rated' | 'upcoming' | 'on_the_air', query: ListQuery) {
		const today = isoDate(now())
		const offset = (query.page - 1) * PAGE_SIZE
		let base = titles().where('t.media_type', '=', media).where('t.adult', '=', 0)
		if (which === 'top_rated') base = base.where('t.vote_count', '>=', TOP_RATED_MIN_VOTES)
		if (which === 'upcoming') base = base.where('t.release_date', '>', today)
		if (which === 'on_the_air') {
			const recent = isoDate(addDays(now(), -30))
			base = base.where((eb) => eb.or([eb('t.next_air_date', '>=', today), eb('t.last_air_date', '>=', recent)]))
		}
		const ordered =
			which === 'top_rated' ? base.orderBy('t.vote_average', 'desc').orderBy('t.vote_count', 'desc') : base.orderBy('t.popularity', 'desc')
		const rows = await ordered.orderBy('t.key', 'desc').limit(PAGE_SIZE).offset(offset).execute()
		const total = await countCached(`${media}:${which}:${today}`, async () => {
			const counted = await base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
			return Number(counted?.n ?? 0)
		})
		const results = rows.map((row) => listItem(row))
		const answer: Record<string, unknown> = pageOf(query.page, results, total)
		if (which === 'upcoming') return { dates: { maximum: isoDate(addDays(now(), 365 * 3)), minimum: today }, ...answer }
		if (which === 'on_the_air') return answer
		return answer
	}

	async function trending(media: MediaType, window: 'day' | 'week', query: ListQuery) {
		const offset = (query.page - 1) * PAGE_SIZE
		const base = titles().where('t.media_type', '=', media).where('t.adult', '=', 0)
		// "Today" favours recent releases; "this week" is plain popularity.
		const recent = isoDate(addDays(now(), -400))
		const ordered =
			window === 'day'
				? base.orderBy(sql`case when t.release_date >= ${recent} then t.popularity * 3 else t.popularity end`, 'desc')
				: base.orderBy('t.popularity', 'desc')
		const rows = await ordered.orderBy('t.key', 'desc').limit(PAGE_SIZE).offset(offset).execute()
		const total = await countCached(`${media}:all`, async () => {
			const counted = await base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
			return Number(counted?.n ?? 0)
		})
		return pageOf(query.page, rows.map((row) => listItem(row, true)), Math.min(total, MAX_PAGES * PAGE_SIZE))
	}

	// ---- discover ----------------------------------------------------------

	function splitIds(value: string | undefined): { ids: number[]; mode: 'and' | 'or' } {
		if (!value) return { ids: [], mode: 'and' }
		const mode = value.includes('|') ? 'or' : 'and'
		return { ids: [...new Set(value.split(/[,|]/).map(Number))], mode }
	}

	async function discover(media: MediaType, query: DiscoverQuery) {
		const genres = splitIds(query.with_genres)
		const providers = splitIds(query.with_watch_providers)
		const withoutGenres = splitIds(query.without_genres).ids
		const region = query.watch_region ?? query.region ?? 'US'
		const offset = (query.page - 1) * PAGE_SIZE
		const sortByPopularity = query.sort_by === 'popularity.desc'
		const includeAdult = query.include_adult === 'true'
		const from = media === 'movie' ? (query['primary_release_date.gte'] ?? query['release_date.gte']) : query['first_air_date.gte']
		const to = media === 'movie' ? (query['primary_release_date.lte'] ?? query['release_date.lte']) : query['first_air_date.lte']
		const airFrom = media === 'tv' ? query['air_date.gte'] : undefined
		const airTo = media === 'tv' ? query['air_date.lte'] : undefined
		const titleFilters = [from, to, airFrom, airTo, query['vote_count.gte'], query['vote_average.gte'], query.with_original_language].some((v) => v !== undefined)

		// When one genre or provider is required, the order is popularity and every other filter
		// is on a link table, walk that link table's (type, id, popularity, key) index and join
		// only the page's twenty titles: page 50 costs about what page 1 does. Adult titles have
		// no links (see store.server.ts), so this path never lists them.
		type Driver = { table: 'catalog_title_genres' | 'catalog_title_providers'; id: number }
		let driver: Driver | undefined
		if (sortByPopularity && !titleFilters && !includeAdult) {
			if (providers.ids.length > 0 && (providers.mode === 'and' || providers.ids.length === 1)) driver = { table: 'catalog_title_providers', id: providers.ids[0]! }
			else if (genres.ids.length > 0 && (genres.mode === 'and' || genres.ids.length === 1)) driver = { table: 'catalog_title_genres', id: genres.ids[0]! }
		}
		const keyRef = driver ? 'd.title_key' : 't.key'

		// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's table set differs by driver
		let q: SelectQueryBuilder<any, any, any>
		if (driver?.table === 'catalog_title_providers') {
			q = db.selectFrom('catalog_title_providers as d').where('d.media_type', '=', media).where('d.region', '=', region).where('d.provider_id', '=', driver.id)
		} else if (driver?.table === 'catalog_title_genres') {
			q = db.selectFrom('catalog_title_genres as d').where('d.media_type', '=', media).where('d.genre_id', '=', driver.id)
		} else {
			q = db.selectFrom('catalog_titles as t').where('t.media_type', '=', media)
		}

		const genreExists = (ids: number[]) =>
			q.where(({ exists, selectFrom }) => exists(selectFrom('catalog_title_genres as g').select('g.genre_id').whereRef('g.title_key', '=', keyRef).where('g.genre_id', 'in', ids)))
		const providerExists = (ids: number[]) =>
			q.where(({ exists, selectFrom }) =>
				exists(selectFrom('catalog_title_providers as p').select('p.provider_id').whereRef('p.title_key', '=', keyRef).where('p.region', '=', region).where('p.provider_id', 'in', ids)),
			)
		const remainingGenres = driver?.table === 'catalog_title_genres' ? genres.ids.slice(1) : genres.ids
		const remainingProviders = driver?.table === 'catalog_title_providers' ? providers.ids.slice(1) : providers.ids
		if (remainingGenres.length > 0) {
			if (genres.mode === 'and') for (const id of remainingGenres) q = genreExists([id])
			else q = genreExists(remainingGenres)
		}
		if (remainingProviders.length > 0) {
			if (providers.mode === 'and') for (const id of remainingProviders) q = providerExists([id])
			else q = providerExists(remainingProviders)
		}
		if (withoutGenres.length > 0) {
			q = q.where(({ not, exists, selectFrom }) =>
				not(exists(selectFrom('catalog_title_genres as g').select('g.genre_id').whereRef('g.title_key', '=', keyRef).where('g.genre_id', 'in', withoutGenres))),
			)
		}
		if (!driver) {
			if (!includeAdult) q = q.where('t.adult', '=', 0)
			if (from) q = q.where('t.release_date', '>=', from)
			if (to) q = q.where('t.release_date', '<=', to)
			if (airFrom) q = q.where((eb) => eb.or([eb('t.last_air_date', '>=', airFrom), eb('t.next_air_date', '>=', airFrom)]))
			if (airTo) q = q.where('t.release_date', '<=', airTo)
			if (query['vote_count.gte'] !== undefined) q = q.where('t.vote_count', '>=', query['vote_count.gte'])
			if (query['vote_average.gte'] !== undefined) q = q.where('t.vote_average', '>=', query['vote_average.gte'])
			if (query.with_original_language) q = q.where('t.original_language', '=', query.with_original_language)
		}

		let rows: TitleRow[]
		if (driver) {
			const keys = (await q.select(['d.title_key']).orderBy('d.popularity', 'desc').orderBy('d.title_key', 'desc').limit(PAGE_SIZE).offset(offset).execute()) as Array<{ title_key: number }>
			const found = keys.length ? ((await titles().where('t.key', 'in', keys.map((k) => k.title_key)).execute()) as TitleRow[]) : []
			const byKey = new Map(found.map((r) => [r.key, r]))
			rows = keys.flatMap((k) => (byKey.has(k.title_key) ? [byKey.get(k.title_key)!] : []))
		} else {
			const [field, direction] = query.sort_by.split('.') as [string, 'asc' | 'desc']
			const column =
				field === 'popularity'
					? 't.popularity'
					: field === 'vote_average'
						? 't.vote_average'
						: field === 'vote_count'
							? 't.vote_count'
							: field === 'title' || field === 'name' || field === 'original_title'
								? 't.title'
								: 't.release_date'
			// Ties follow the sort's direction so the (type, popularity, key) index serves the order.
			rows = (await q.select(LIST_COLUMNS).orderBy(column, direction).orderBy('t.key', direction).limit(PAGE_SIZE).offset(offset).execute()) as TitleRow[]
		}
		const countKey = `discover:${media}:${JSON.stringify({ ...query, page: 0, sort_by: '' })}`
		const total = await countCached(countKey, async () => {
			const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
			return Number((counted as { n?: number } | undefined)?.n ?? 0)
		})
		return pageOf(query.page, rows.map((row) => listItem(row)), total)
	}

	// ---- search ------------------------------------------------------------

	/** Known words one edit away from a word (at most five). */
	async function typoAlternatives(token: string): Promise<string[]> {
		if (token.length < 3) return []
		const found = await db.selectFrom('catalog_search_terms').select('term').where('term', 'in', singleEdits(token)).limit(5).execute()
		return found.map((r) => r.term)
	}

	async function isKnownWord(token: string, asPrefix: boolean) {
		const query = db.selectFrom('catalog_search_terms').select('term').limit(1)
		const found = asPrefix ? await query.where('term', '>=', token).where('term', '<', `${token}\u{10ffff}`).execute() : await query.where('term', '=', token).execute()
		return found.length > 0
	}

	async function sqliteMatchExpression(tokens: string[]): Promise<string | undefined> {
		const parts: string[] = []
		for (let i = 0; i < tokens.length; i++) {
			const token = tokens[i]!
			const isLast = i === tokens.length - 1
			const known = await isKnownWord(token, isLast)
			const alternatives = await typoAlternatives(token)
			if (!known && alternatives.length === 0) {
				// A word nobody has: leave it out rather than match nothing (a stray extra word).
				if (tokens.length > 1) continue
				return undefined
			}
			const options = [known ? `"${token}"${isLast ? '*' : ''}` : '', ...alternatives.map((a) => `"${a}"`)].filter(Boolean)
			parts.push(options.length === 1 ? options[0]! : `(${options.join(' OR ')})`)
		}
		return parts.length > 0 ? parts.join(' AND ') : undefined
	}

	async function searchCandidates(tokens: string[], limit: number, includeAdult: boolean): Promise<{ rows: Candidate[]; total: number }> {
		// Fewer candidates than the limit means we have them all: no count needed.
		const totalOf = async (rows: Candidate[], cacheKey: string, count: () => Promise<number>) =>
			rows.length < limit ? rows.length : Math.max(rows.length, await countCached(cacheKey, count))

		if (dialect === 'sqlite') {
			const strict = tokens.map((t, i) => `"${t}"${i === tokens.length - 1 ? '*' : ''}`).join(' AND ')
			let rows = await sqliteSearch(strict, limit, includeAdult)
			let expression = strict
			// Only a query that matches nothing is treated as misspelt.
			if (rows.length === 0) {
				const loose = await sqliteMatchExpression(tokens)
				if (loose && loose !== strict) {
					const more = await sqliteSearch(loose, limit, includeAdult)
					const seen = new Set(rows.map((r) => r.key))
					rows = [...rows, ...more.filter((r) => !seen.has(r.key))]
					expression = loose
				}
			}
			const total = await totalOf(rows, `search:${expression}:${includeAdult}`, async () => {
				const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${expression} LIMIT ${SEARCH_MAX_CANDIDATES})`.execute(db)
				return Number(counted.rows[0]?.n ?? 0)
			})
			return { rows, total }
		}

		const words = tokens.map((token, i): SearchWord => ({ token, prefix: i === tokens.length - 1, alternatives: [] }))
		let { rows, total } = await pgSearch.candidates(words, limit, SEARCH_MAX_CANDIDATES, includeAdult)
		if (rows.length < 5) {
			// Typos: each word may be itself or a known word one edit away.
			const loose = await Promise.all(words.map(async (word) => ({ ...word, alternatives: await typoAlternatives(word.token) })))
			if (loose.some((word) => word.alternatives.length > 0)) {
				const more = await pgSearch.candidates(loose, limit, SEARCH_MAX_CANDIDATES, includeAdult)
				const seen = new Set(rows.map((r) => r.key))
				rows = [...rows, ...more.rows.filter((r) => !seen.has(r.key))]
				total = Math.max(total, more.total)
			}
		}
		const text = tokens.join(' ')
		// Last resort for worse misspellings: trigram similarity of the whole title (too loose below four letters).
		if (rows.length === 0 && text.length >= 4 && (await hasTrigram())) {
			rows = await db
				.selectFrom('catalog_titles as t')
				.select(CANDIDATE_COLUMNS)
				.where(sql<boolean>`t.search_text % ${text}`)
				.$if(!includeAdult, (qb) => qb.where('t.adult', '=', 0))
				.orderBy(sql`similarity(t.search_text, ${text})`, 'desc')
				.limit(50)
				.execute()
			total = rows.length
		}
		return { rows, total }
	}

	/**
	 * FTS5 candidates by popularity. A narrow match is joined and sorted; a broad one (thousands
	 * of titles) walks the popularity index and keeps the matching titles, which stops after
	 * the first few hundred instead of sorting them all.
	 */
	async function sqliteSearch(expression: string, limit: number, includeAdult: boolean): Promise<Candidate[]> {
		const adult = includeAdult ? sql`` : sql`AND t.adult = 0`
		const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${expression} LIMIT ${BROAD_MATCH})`.execute(db)
		if (Number(counted.rows[0]?.n ?? 0) >= BROAD_MATCH) {
			const broad = await sql<Candidate>`
				SELECT t.key, t.title, t.original_title, t.popularity
				FROM catalog_titles t INDEXED BY catalog_titles_popularity_all_idx
				WHERE t.key IN (SELECT rowid FROM catalog_search WHERE catalog_search MATCH ${expression}) ${adult}
				ORDER BY t.popularity DESC LIMIT ${limit}`.execute(db)
			return broad.rows
		}
		const result = await sql<Candidate>`
			SELECT t.key, t.title, t.original_title, t.popularity
			FROM catalog_search s JOIN catalog_titles t ON t.key = s.rowid
			WHERE catalog_search MATCH ${expression} ${adult}
			ORDER BY t.popularity DESC LIMIT ${limit}`.execute(db)
		return result.rows
	}

	async function hasTrigram() {
		if (trigramAvailable === undefined) {
			const result = await sql<{ present: number }>`SELECT count(*)::int AS present FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db)
			trigramAvailable = Number(result.rows[0]?.present ?? 0) > 0
		}
		return trigramAvailable
	}

	async function search(query: SearchQuery) {
		const tokens = queryTokens(query.query)
		if (tokens.length === 0) return pageOf(query.page, [], 0)
		const limit = Math.min(SEARCH_MAX_CANDIDATES, Math.max(300, query.page * PAGE_SIZE + PAGE_SIZE))
		const { rows, total } = await searchCandidates(tokens, limit, query.include_adult === 'true')
		const ranked = rows
			.map((row) => ({ row, score: relevanceScore(query.query, row) }))
			.sort((a, b) => b.score - a.score || b.row.popularity - a.row.popularity || a.row.key - b.row.key)
		const start = (query.page - 1) * PAGE_SIZE
		// Rank on the few columns needed, then read the page's twenty titles in full.
		const keys = ranked.slice(start, start + PAGE_SIZE).map(({ row }) => row.key)
		const found = keys.length ? ((await titles().where('t.key', 'in', keys).execute()) as TitleRow[]) : []
		const byKey = new Map(found.map((r) => [r.key, r]))
		return pageOf(query.page, keys.flatMap((key) => (byKey.has(key) ? [listItem(byKey.get(key)!, true)] : [])), total)
	}

	// ---- details -----------------------------------------------------------

	async function credits(key: number) {
		const rows = await db
			.selectFrom('catalog_credits as c')
			.innerJoin('catalog_people as p', 'p.id', 'c.person_id')
			.select(['c.kind', 'c.credit_order', 'c.character', 'c.job', 'c.department', 'p.id', 'p.name', 'p.profile_path', 'p.known_for_department', 'p.popularity'])
			.where('c.title_key', '=', key)
			.orderBy('c.kind')
			.orderBy('c.credit_order')
			.execute()
		const person = (r: (typeof rows)[number]) => ({
			adult: false,
			gender: 0,
			id: r.id,
			known_for_department: r.known_for_department ?? (r.kind === 'cast' ? 'Acting' : (r.department ?? 'Crew')),
			name: r.name,
			original_name: r.name,
			popularity: round3(r.popularity),
			profile_path: r.profile_path,
			credit_id: `${key.toString(16).padStart(12, '0')}${r.kind === 'cast' ? 'c' : 'w'}${String(r.credit_order).padStart(11, '0')}`,
		})
		return {
			cast: rows.filter((r) => r.kind === 'cast').map((r) => ({ ...person(r), cast_id: r.credit_order, character: r.character ?? '', order: r.credit_order })),
			crew: rows.filter((r) => r.kind === 'crew').map((r) => ({ ...person(r), department: r.department ?? 'Crew', job: r.job ?? '' })),
		}
	}

	async function similar(row: { key: number; media_type: MediaType; genre_ids: string }, page = 1) {
		const genreIds = parseJson<number[]>(row.genre_ids, [])
		if (genreIds.length === 0) return pageOf(page, [], 0)
		const matches = await db
			.selectFrom('catalog_title_genres')
			.select(['title_key', (eb) => eb.fn.countAll<number>().as('shared'), (eb) => eb.fn.max('popularity').as('pop')])
			.where('media_type', '=', row.media_type)
			.where('genre_id', 'in', genreIds)
			.where('title_key', '!=', row.key)
			.groupBy('title_key')
			.orderBy('shared', 'desc')
			.orderBy('pop', 'desc')
			.limit(PAGE_SIZE)
			.execute()
		const keys = matches.map((m) => m.title_key)
		if (keys.length === 0) return pageOf(page, [], 0)
		const found = (await titles().where('t.key', 'in', keys).execute()) as TitleRow[]
		const byKey = new Map(found.map((r) => [r.key, r]))
		const results = keys.flatMap((k) => (byKey.has(k) ? [listItem(byKey.get(k)!)] : []))
		return pageOf(page, results, results.length)
	}

	function imageObject(image: { file_path: string; width: number; height: number; iso_639_1: string | null; vote_average: number; vote_count: number }) {
		return {
			aspect_ratio: image.height ? round3(image.width / image.height) : 0,
			height: image.height,
			iso_639_1: image.iso_639_1,
			file_path: image.file_path,
			vote_average: round3(image.vote_average),
			vote_count: image.vote_count,
			width: image.width,
		}
	}

	function languageFilter(include: string | undefined) {
		if (!include) return () => true
		const wanted = new Set(include.split(','))
		return (image: { iso_639_1: string | null }) => wanted.has(image.iso_639_1 ?? 'null')
	}

	async function titleImages(row: CatalogTitlesTable, include?: string) {
		const owner = `${row.media_type}:${row.id}`
		const stored = await db.selectFrom('catalog_images').selectAll().where('owner', '=', owner).orderBy('kind').orderBy('ord').execute()
		const keep = languageFilter(include)
		const byKind = (kind: string) => stored.filter((i) => i.kind === kind)
		const fallback = (path: string | null, width: number, height: number, iso: string | null) =>
			path ? [{ file_path: path, width, height, iso_639_1: iso, vote_average: 5.3, vote_count: 1 }] : []
		const posters = byKind('poster').length ? byKind('poster') : fallback(row.poster_path, 1000, 1500, 'en')
		const backdrops = byKind('backdrop').length ? byKind('backdrop') : fallback(row.backdrop_path, 1920, 1080, null)
		const logos = byKind('logo').length ? byKind('logo') : fallback(row.logo_path, 800, 300, 'en')
		return {
			backdrops: backdrops.filter(keep).map(imageObject),
			id: row.id,
			logos: logos.filter(keep).map(imageObject),
			posters: posters.filter(keep).map(imageObject),
		}
	}

	function providerLogo(providerId: number) {
		return artPath('logo', `provider-${providerId}`)
	}

	async function watchProviders(row: CatalogTitlesTable) {
		const links = await db.selectFrom('catalog_title_providers').select(['region', 'provider_id']).where('title_key', '=', row.key).orderBy('region').orderBy('provider_id').execute()
		const details = parseJson<{ watch_links?: Record<string, string | null> }>(row.details, {})
		const results: Record<string, { link: string; flatrate: Array<{ logo_path: string; provider_id: number; provider_name: string; display_priority: number }> }> = {}
		for (const link of links) {
			const network = NETWORKS.find((n) => n.providerId === link.provider_id)
			const entry = (results[link.region] ??= {
				link: details.watch_links?.[link.region] ?? `https://www.themoviedb.org/${row.media_type}/${row.id}/watch?locale=${link.region}`,
				flatrate: [],
			})
			entry.flatrate.push({
				logo_path: providerLogo(link.provider_id),
				provider_id: link.provider_id,
				provider_name: network?.name ?? `Provider ${link.provider_id}`,
				display_priority: network ? NETWORKS.indexOf(network) + 1 : 99,
			})
		}
		return { id: row.id, results }
	}

	async function appended(row: CatalogTitlesTable, appends: string[]) {
		const extra: Record<string, unknown> = {}
		const details = parseJson<Record<string, unknown>>(row.details, {})
		for (const append of appends) {
			if (append === 'credits') extra.credits = await credits(row.key)
			else if (append === 'similar' || append === 'recommendations') extra[append] = await similar(row)
			else if (append === 'external_ids') extra.external_ids = { ...(details.external_ids as object | undefined), imdb_id: row.imdb_id }
			else if (append === 'images') extra.images = await titleImages(row)
			else if (append === 'release_dates') extra.release_dates = details.release_dates ?? { results: [] }
			else if (append === 'watch/providers') extra['watch/providers'] = { results: (await watchProviders(row)).results }
			else if (append === 'videos') extra.videos = { results: [] }
			else if (append === 'keywords') extra.keywords = row.media_type === 'movie' ? { keywords: [] } : { results: [] }
		}
		return extra
	}

	async function movieDetails(id: number, query: DetailQuery) {
		const row = await findTitle('movie', id)
		const d = parseJson<Record<string, unknown>>(row.details, {})
		return {
			adult: row.adult === 1,
			backdrop_path: row.backdrop_path,
			belongs_to_collection: null,
			budget: (d.budget as number | undefined) ?? 0,
			genres: genreObjects('movie', parseJson<number[]>(row.genre_ids, [])),
			homepage: (d.homepage as string | undefined) ?? '',
			id: row.id,
			imdb_id: row.imdb_id,
			origin_country: (d.origin_country as string[] | undefined) ?? [],
			original_language: row.original_language ?? 'en',
			original_title: row.original_title ?? row.title,
			overview: row.overview,
			popularity: round3(row.popularity),
			poster_path: row.poster_path,
			production_companies: d.production_companies ?? [],
			production_countries: d.production_countries ?? [],
			release_date: row.release_date ?? '',
			revenue: (d.revenue as number | undefined) ?? 0,
			runtime: row.runtime ?? 0,
			spoken_languages: d.spoken_languages ?? [],
			status: row.status ?? 'Released',
			tagline: row.tagline ?? '',
			title: row.title,
			video: false,
			vote_average: round3(row.vote_average),
			vote_count: row.vote_count,
			...(await appended(row, query.append_to_response)),
		}
	}

	function episodeObject(e: Database['catalog_episodes'] extends infer E ? { [K in keyof E]: E[K] } : never, finaleNumber?: number) {
		return {
			air_date: e.air_date,
			episode_number: e.episode_number,
			episode_type: finaleNumber === e.episode_number ? 'finale' : 'standard',
			id: e.id,
			name: e.name,
			overview: e.overview,
			production_code: '',
			runtime: e.runtime,
			season_number: e.season_number,
			show_id: e.show_id,
			still_path: e.still_path,
			vote_average: round3(e.vote_average),
			vote_count: e.vote_count,
		}
	}

	async function tvDetails(id: number, query: DetailQuery) {
		const row = await findTitle('tv', id)
		const d = parseJson<Record<string, unknown>>(row.details, {})
		const today = isoDate(now())
		const seasons = await db.selectFrom('catalog_seasons').selectAll().where('show_id', '=', id).orderBy('season_number').execute()
		const last = await db.selectFrom('catalog_episodes').selectAll().where('show_id', '=', id).where('air_date', '<=', today).orderBy('air_date', 'desc').orderBy('season_number', 'desc').orderBy('episode_number', 'desc').limit(1).executeTakeFirst()
		const next = await db.selectFrom('catalog_episodes').selectAll().where('show_id', '=', id).where('air_date', '>', today).orderBy('air_date').orderBy('season_number').orderBy('episode_number').limit(1).executeTakeFirst()
		const regular = seasons.filter((s) => s.season_number > 0)
		return {
			adult: row.adult === 1,
			backdrop_path: row.backdrop_path,
			created_by: d.created_by ?? [],
			episode_run_time: (d.episode_run_time as number[] | undefined) ?? (row.runtime ? [row.runtime] : []),
			first_air_date: row.release_date ?? '',
			genres: genreObjects('tv', parseJson<number[]>(row.genre_ids, [])),
			homepage: (d.homepage as string | undefined) ?? '',
			id: row.id,
			in_production: (d.in_production as boolean | undefined) ?? row.status === 'Returning Series',
			languages: (d.languages as string[] | undefined) ?? [row.original_language ?? 'en'],
			last_air_date: last?.air_date ?? row.last_air_date ?? row.release_date ?? '',
			last_episode_to_air: last ? episodeObject(last) : null,
			name: row.title,
			next_episode_to_air: next ? episodeObject(next) : null,
			networks: d.networks ?? [],
			number_of_episodes: regular.length ? regular.reduce((sum, s) => sum + s.episode_count, 0) : ((d.number_of_episodes as number | undefined) ?? 0),
			number_of_seasons: regular.length || ((d.number_of_seasons as number | undefined) ?? 0),
			origin_country: (d.origin_country as string[] | undefined) ?? [],
			original_language: row.original_language ?? 'en',
			original_name: row.original_title ?? row.title,
			overview: row.overview,
			popularity: round3(row.popularity),
			poster_path: row.poster_path,
			production_companies: d.production_companies ?? [],
			production_countries: [],
			seasons: seasons.map((s) => ({
				air_date: s.air_date,
				episode_count: s.episode_count,
				id: s.id,
				name: s.name,
				overview: s.overview,
				poster_path: s.poster_path,
				season_number: s.season_number,
				vote_average: round3(s.vote_average),
			})),
			spoken_languages: [],
			status: row.status ?? 'Returning Series',
			tagline: row.tagline ?? '',
			type: (d.type as string | undefined) ?? 'Scripted',
			vote_average: round3(row.vote_average),
			vote_count: row.vote_count,
			...(await appended(row, query.append_to_response)),
		}
	}

	async function season(showId: number, seasonNumber: number) {
		await findTitle('tv', showId)
		const s = await db.selectFrom('catalog_seasons').selectAll().where('show_id', '=', showId).where('season_number', '=', seasonNumber).executeTakeFirst()
		if (!s) throw notFound(NOT_FOUND_MESSAGE)
		const episodes = await db.selectFrom('catalog_episodes').selectAll().where('show_id', '=', showId).where('season_number', '=', seasonNumber).orderBy('episode_number').execute()
		const finale = episodes.at(-1)?.episode_number
		return {
			_id: `${showId.toString(16).padStart(12, '0')}${String(seasonNumber).padStart(12, '0')}`,
			air_date: s.air_date,
			episodes: episodes.map((e) => ({
				...episodeObject(e, finale),
				crew: parseJson<unknown[]>(e.crew, []),
				guest_stars: parseJson<unknown[]>(e.guest_stars, []),
			})),
			name: s.name,
			overview: s.overview,
			id: s.id,
			poster_path: s.poster_path,
			season_number: s.season_number,
			vote_average: round3(s.vote_average),
		}
	}

	async function episode(showId: number, seasonNumber: number, episodeNumber: number, query: DetailQuery) {
		const show = await findTitle('tv', showId)
		const e = await db
			.selectFrom('catalog_episodes')
			.selectAll()
			.where('show_id', '=', showId)
			.where('season_number', '=', seasonNumber)
			.where('episode_number', '=', episodeNumber)
			.executeTakeFirst()
		if (!e) throw notFound(NOT_FOUND_MESSAGE)
		const crew = parseJson<unknown[]>(e.crew, [])
		const guestStars = parseJson<unknown[]>(e.guest_stars, [])
		const base = { ...episodeObject(e), crew, guest_stars: guestStars }
		const extra: Record<string, unknown> = {}
		for (const append of query.append_to_response) {
			if (append === 'credits') {
				const showCredits = await credits(show.key)
				extra.credits = { cast: showCredits.cast, crew, guest_stars: guestStars }
			} else if (append === 'external_ids') extra.external_ids = { imdb_id: e.imdb_id }
			else if (append === 'images') extra.images = { stills: await episodeStills(e) }
		}
		return { ...base, ...extra }
	}

	async function episodeStills(e: { show_id: number; season_number: number; episode_number: number; still_path: string | null }) {
		const stored = await db
			.selectFrom('catalog_images')
			.selectAll()
			.where('owner', '=', `episode:${e.show_id}:${e.season_number}:${e.episode_number}`)
			.where('kind', '=', 'still')
			.orderBy('ord')
			.execute()
		if (stored.length) return stored.map(imageObject)
		return e.still_path ? [imageObject({ file_path: e.still_path, width: 1920, height: 1080, iso_639_1: null, vote_average: 5.3, vote_count: 1 })] : []
	}

	async function images(media: MediaType, id: number, query: ImagesQuery) {
		const row = await findTitle(media, id)
		return titleImages(row, query.include_image_language)
	}

	async function providers(media: MediaType, id: number) {
		return watchProviders(await findTitle(media, id))
	}

	return {
		async get(route: CatalogRoute): Promise<unknown> {
			switch (route.name) {
				case 'search':
					return search(route.query)
				case 'list':
					return list(route.media, route.list, route.query)
				case 'trending':
					return trending(route.media, route.window, route.query)
				case 'discover':
					return discover(route.media, route.query)
				case 'genres':
					return { genres: route.media === 'movie' ? MOVIE_GENRES : TV_GENRES }
				case 'details':
					return route.media === 'movie' ? movieDetails(route.id, route.query) : tvDetails(route.id, route.query)
				case 'images':
					return images(route.media, route.id, route.query)
				case 'providers':
					return providers(route.media, route.id)
				case 'season':
					return season(route.id, route.season)
				case 'episode':
					return episode(route.id, route.season, route.episode, route.query)
			}
		},
		/** Forgets cached counts (after an import). */
		invalidate() {
			counts.clear()
		},
	}
}

export type LocalCatalog = ReturnType<typeof createLocalCatalog>
