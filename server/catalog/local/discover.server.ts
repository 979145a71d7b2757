import type { SelectQueryBuilder } from 'kysely'
import type { DiscoverQuery } from '../tmdb-paths.ts'
import type { MediaType } from '../tables.ts'
import { LIST_COLUMNS, listItem, PAGE_SIZE, pageOf, selectListTitles, type LocalContext, type TitleRow } from './title-rows.ts'

// The local back end's discover: filters by genre, provider, dates, votes and
// language, in any of TMDB's sort orders.

export function createLocalDiscover({ db, countCached }: LocalContext) {
	const titles = () => selectListTitles(db)

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
		const titleFilters = [from, to, airFrom, airTo, query['vote_count.gte'], query['vote_average.gte'], query.with_original_language].some(
			(v) => v !== undefined,
		)

		// When one genre or provider is required, the order is popularity and every other filter
		// is on a link table, walk that link table's (type, id, popularity, key) index and join
		// only the page's twenty titles: page 50 costs about what page 1 does. Adult titles have
		// no links (see title-store.server.ts), so this path never lists them.
		type Driver = { table: 'catalog_title_genres' | 'catalog_title_providers'; id: number }
		let driver: Driver | undefined
		if (sortByPopularity && !titleFilters && !includeAdult) {
			if (providers.ids.length > 0 && (providers.mode === 'and' || providers.ids.length === 1))
				driver = { table: 'catalog_title_providers', id: providers.ids[0]! }
			else if (genres.ids.length > 0 && (genres.mode === 'and' || genres.ids.length === 1))
				driver = { table: 'catalog_title_genres', id: genres.ids[0]! }
		}
		const keyRef = driver ? 'd.title_key' : 't.key'

		// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's table set differs by driver
		let q: SelectQueryBuilder<any, any, any>
		if (driver?.table === 'catalog_title_providers') {
			q = db
				.selectFrom('catalog_title_providers as d')
				.where('d.media_type', '=', media)
				.where('d.region', '=', region)
				.where('d.provider_id', '=', driver.id)
		} else if (driver?.table === 'catalog_title_genres') {
			q = db.selectFrom('catalog_title_genres as d').where('d.media_type', '=', media).where('d.genre_id', '=', driver.id)
		} else {
			q = db.selectFrom('catalog_titles as t').where('t.media_type', '=', media)
		}

		const genreExists = (ids: number[]) =>
			q.where(({ exists, selectFrom }) =>
				exists(
					selectFrom('catalog_title_genres as g').select('g.genre_id').whereRef('g.title_key', '=', keyRef).where('g.genre_id', 'in', ids),
				),
			)
		const providerExists = (ids: number[]) =>
			q.where(({ exists, selectFrom }) =>
				exists(
					selectFrom('catalog_title_providers as p')
						.select('p.provider_id')
						.whereRef('p.title_key', '=', keyRef)
						.where('p.region', '=', region)
						.where('p.provider_id', 'in', ids),
				),
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
				not(
					exists(
						selectFrom('catalog_title_genres as g')
							.select('g.genre_id')
							.whereRef('g.title_key', '=', keyRef)
							.where('g.genre_id', 'in', withoutGenres),
					),
				),
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
			const keys = (await q
				.select(['d.title_key'])
				.orderBy('d.popularity', 'desc')
				.orderBy('d.title_key', 'desc')
				.limit(PAGE_SIZE)
				.offset(offset)
				.execute()) as Array<{ title_key: number }>
			const found = keys.length
				? ((await titles()
						.where(
							't.key',
							'in',
							keys.map((k) => k.title_key),
						)
						.execute()) as TitleRow[])
				: []
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
			rows = (await q
				.select(LIST_COLUMNS)
				.orderBy(column, direction)
				.orderBy('t.key', direction)
				.limit(PAGE_SIZE)
				.offset(offset)
				.execute()) as TitleRow[]
		}
		const countKey = `discover:${media}:${JSON.stringify({ ...query, page: 0, sort_by: '' })}`
		const total = await countCached(countKey, async () => {
			const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
			return Number((counted as { n?: number } | undefined)?.n ?? 0)
		})
		return pageOf(
			query.page,
			rows.map((row) => listItem(row)),
			total,
		)
	}

	return { discover }
}
