import { artPath } from '#app/lib/catalog/images.ts'
import { NETWORKS } from '#app/lib/catalog/networks.ts'
import type { Database } from '../../db/schema.ts'
import { notFound } from '../../http/errors.server.ts'
import { genreObjects } from '../genre-lists.ts'
import type { DetailQuery, ImagesQuery } from '../tmdb-paths.ts'
import { titleKey, WATCH_OFFER_KINDS, type CatalogTitlesTable, type MediaType, type WatchOfferKind } from '../tables.ts'
import {
	isoDate,
	listItem,
	PAGE_SIZE,
	pageOf,
	parseJson,
	round3,
	selectListTitles,
	type LocalContext,
	type TitleRow,
} from './title-rows.ts'

// The local back end's details: a movie, a series, a season, an episode, and
// their credits, similar titles, images and watch providers.

const NOT_FOUND_MESSAGE = 'The resource you requested could not be found.'

export function createLocalDetails({ db, now }: LocalContext) {
	const titles = () => selectListTitles(db)

	async function findTitle(media: MediaType, id: number) {
		const row = await db.selectFrom('catalog_titles').selectAll().where('key', '=', titleKey(media, id)).executeTakeFirst()
		if (!row) throw notFound(NOT_FOUND_MESSAGE)
		return row
	}

	async function credits(key: number) {
		const rows = await db
			.selectFrom('catalog_credits as c')
			.innerJoin('catalog_people as p', 'p.id', 'c.person_id')
			.select([
				'c.kind',
				'c.credit_order',
				'c.character',
				'c.job',
				'c.department',
				'p.id',
				'p.name',
				'p.profile_path',
				'p.known_for_department',
				'p.popularity',
			])
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
			cast: rows
				.filter((r) => r.kind === 'cast')
				.map((r) => ({ ...person(r), cast_id: r.credit_order, character: r.character ?? '', order: r.credit_order })),
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

	function imageObject(image: {
		file_path: string
		width: number
		height: number
		iso_639_1: string | null
		vote_average: number
		vote_count: number
	}) {
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

	async function watchProviders(row: CatalogTitlesTable) {
		const offers = await db
			.selectFrom('catalog_title_offers as o')
			.leftJoin('catalog_watch_providers as p', 'p.provider_id', 'o.provider_id')
			.select(['o.region', 'o.kind', 'o.provider_id', 'o.display_priority', 'p.provider_name', 'p.logo_path'])
			.where('o.title_key', '=', row.key)
			.execute()
		const details = parseJson<{ watch_links?: Record<string, string | null> }>(row.details, {})
		type Provider = { logo_path: string; provider_id: number; provider_name: string; display_priority: number }
		const results: Record<string, { link: string } & Partial<Record<WatchOfferKind, Provider[]>>> = {}
		for (const offer of offers) {
			// Titles stored before the providers' names were kept: the networks Willow knows, by id.
			const network = NETWORKS.find((n) => n.providerId === offer.provider_id)
			const entry = (results[offer.region] ??= {
				link: details.watch_links?.[offer.region] ?? `https://www.themoviedb.org/${row.media_type}/${row.id}/watch?locale=${offer.region}`,
			})
			;(entry[offer.kind] ??= []).push({
				logo_path: offer.logo_path ?? artPath('logo', `provider-${offer.provider_id}`),
				provider_id: offer.provider_id,
				provider_name: offer.provider_name ?? network?.name ?? `Provider ${offer.provider_id}`,
				display_priority:
					offer.provider_name || offer.display_priority ? offer.display_priority : network ? NETWORKS.indexOf(network) + 1 : 99,
			})
		}
		// TMDB's order: regions by code, then kinds, each list by display priority.
		const ordered: typeof results = {}
		for (const region of Object.keys(results).sort()) {
			const entry = results[region]!
			const sorted: (typeof results)[string] = { link: entry.link }
			for (const kind of WATCH_OFFER_KINDS) {
				const list = entry[kind]
				if (list) sorted[kind] = list.sort((a, b) => a.display_priority - b.display_priority || a.provider_id - b.provider_id)
			}
			ordered[region] = sorted
		}
		return { id: row.id, results: ordered }
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
			else if (append === 'alternative_titles') {
				// TMDB's shapes: films list `titles`, series `results`.
				const titles = (details.alternative_titles as unknown[] | undefined) ?? []
				extra.alternative_titles = row.media_type === 'movie' ? { id: row.id, titles } : { id: row.id, results: titles }
			}
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
		const last = await db
			.selectFrom('catalog_episodes')
			.selectAll()
			.where('show_id', '=', id)
			.where('air_date', '<=', today)
			.orderBy('air_date', 'desc')
			.orderBy('season_number', 'desc')
			.orderBy('episode_number', 'desc')
			.limit(1)
			.executeTakeFirst()
		const next = await db
			.selectFrom('catalog_episodes')
			.selectAll()
			.where('show_id', '=', id)
			.where('air_date', '>', today)
			.orderBy('air_date')
			.orderBy('season_number')
			.orderBy('episode_number')
			.limit(1)
			.executeTakeFirst()
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
			number_of_episodes: regular.length
				? regular.reduce((sum, s) => sum + s.episode_count, 0)
				: ((d.number_of_episodes as number | undefined) ?? 0),
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
		const s = await db
			.selectFrom('catalog_seasons')
			.selectAll()
			.where('show_id', '=', showId)
			.where('season_number', '=', seasonNumber)
			.executeTakeFirst()
		if (!s) throw notFound(NOT_FOUND_MESSAGE)
		const episodes = await db
			.selectFrom('catalog_episodes')
			.selectAll()
			.where('show_id', '=', showId)
			.where('season_number', '=', seasonNumber)
			.orderBy('episode_number')
			.execute()
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
		return e.still_path
			? [imageObject({ file_path: e.still_path, width: 1920, height: 1080, iso_639_1: null, vote_average: 5.3, vote_count: 1 })]
			: []
	}

	async function images(media: MediaType, id: number, query: ImagesQuery) {
		const row = await findTitle(media, id)
		return titleImages(row, query.include_image_language)
	}

	async function providers(media: MediaType, id: number) {
		return watchProviders(await findTitle(media, id))
	}

	return { movieDetails, tvDetails, season, episode, images, providers }
}
