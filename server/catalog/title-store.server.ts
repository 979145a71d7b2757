import type { Kysely, Transaction } from 'kysely'
import type { DatabaseHandle } from '../db/db.server.ts'
import type { Database } from '../db/schema.ts'
import type { ImportItem } from './import-schema.ts'
import { searchTextFor } from './search-text.ts'
import { titleKey, WATCH_OFFER_KINDS, type CatalogTitlesTable } from './tables.ts'

// Writes TMDB-shaped titles into the local catalogue. Upserts are idempotent:
// a title's links (genres, providers) are replaced, and its credits, images,
// seasons and episodes are replaced only when the input carries them.

type Db = Kysely<Database> | Transaction<Database>

// Stay below SQLite's and PostgreSQL's bound-parameter limits.
const MAX_PARAMS = 30_000

async function insertChunked<T extends object>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
	if (rows.length === 0) return
	const perRow = Object.keys(rows[0]!).length
	const size = Math.max(1, Math.floor(MAX_PARAMS / perRow))
	for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size))
}

const nullIfEmpty = (value: string | null | undefined) => (value ? value : null)

function pickDetails(item: ImportItem): Record<string, unknown> {
	const keys =
		item.kind === 'movie'
			? [
					'homepage',
					'production_companies',
					'production_countries',
					'spoken_languages',
					'budget',
					'revenue',
					'release_dates',
					'origin_country',
					'video',
				]
			: [
					'homepage',
					'production_companies',
					'networks',
					'created_by',
					'episode_run_time',
					'number_of_seasons',
					'number_of_episodes',
					'origin_country',
					'type',
					'in_production',
					'languages',
				]
	const details: Record<string, unknown> = {}
	const source = item as Record<string, unknown>
	for (const key of keys) if (source[key] !== undefined && source[key] !== null) details[key] = source[key]
	if (item.external_ids) details.external_ids = item.external_ids
	const alternatives = alternativeTitlesOf(item)
	if (alternatives.length) details.alternative_titles = alternatives
	const providers = item['watch/providers']?.results
	if (providers) details.watch_links = Object.fromEntries(Object.entries(providers).map(([region, entry]) => [region, entry.link ?? null]))
	return details
}

/** A title's alternative titles as TMDB lists them, either shape (films' `titles`, series' `results`). */
export function alternativeTitlesOf(item: ImportItem) {
	const list = [...(item.alternative_titles?.titles ?? []), ...(item.alternative_titles?.results ?? [])]
	return list.map((alt) => ({ iso_3166_1: alt.iso_3166_1 ?? '', title: alt.title, type: alt.type ?? '' }))
}

function titleRow(item: ImportItem, now: number): CatalogTitlesTable {
	const genreIds = item.genre_ids ?? item.genres?.map((g) => g.id) ?? []
	const isMovie = item.kind === 'movie'
	const title = isMovie ? item.title : item.name
	const original = isMovie ? item.original_title : item.original_name
	let lastAir: string | null = null
	let nextAir: string | null = null
	if (!isMovie) {
		lastAir = nullIfEmpty(item.last_air_date)
		nextAir = nullIfEmpty(item.next_episode_to_air?.air_date)
	}
	return {
		key: titleKey(item.kind, item.id),
		media_type: item.kind,
		id: item.id,
		title,
		original_title: original ?? title,
		original_language: item.original_language ?? null,
		overview: item.overview ?? '',
		tagline: nullIfEmpty(item.tagline),
		status: item.status ?? null,
		release_date: nullIfEmpty(isMovie ? item.release_date : item.first_air_date),
		last_air_date: lastAir,
		next_air_date: nextAir,
		runtime: isMovie ? (item.runtime ?? null) : (item.episode_run_time?.[0] ?? null),
		popularity: item.popularity ?? 0,
		vote_average: item.vote_average ?? 0,
		vote_count: Math.round(item.vote_count ?? 0),
		poster_path: item.poster_path ?? null,
		backdrop_path: item.backdrop_path ?? null,
		logo_path: item.logo_path ?? item.images?.logos?.[0]?.file_path ?? null,
		imdb_id: nullIfEmpty(item.imdb_id ?? item.external_ids?.imdb_id),
		genre_ids: JSON.stringify(genreIds),
		adult: item.adult ? 1 : 0,
		search_text: searchTextFor(
			title,
			original,
			alternativeTitlesOf(item).map((alt) => alt.title),
		),
		details: JSON.stringify(pickDetails(item)),
		updated_at: now,
	}
}

/** Upserts a batch of titles in one transaction. */
export async function upsertTitles(handle: DatabaseHandle, items: ImportItem[]) {
	if (items.length === 0) return
	// The same title twice in one batch: the later line wins.
	const byKey = new Map<number, ImportItem>()
	for (const item of items) byKey.set(titleKey(item.kind, item.id), item)
	const unique = [...byKey.values()]
	await handle.db.transaction().execute(async (trx) => {
		await writeBatch(trx, unique)
	})
}

async function writeBatch(db: Db, items: ImportItem[]) {
	const now = Date.now()
	const rows = items.map((item) => titleRow(item, now))
	const keys = rows.map((r) => r.key)

	await insertChunked(rows, (chunk) =>
		db
			.insertInto('catalog_titles')
			.values(chunk)
			.onConflict((oc) =>
				oc.column('key').doUpdateSet((eb) => ({
					title: eb.ref('excluded.title'),
					original_title: eb.ref('excluded.original_title'),
					original_language: eb.ref('excluded.original_language'),
					overview: eb.ref('excluded.overview'),
					tagline: eb.ref('excluded.tagline'),
					status: eb.ref('excluded.status'),
					release_date: eb.ref('excluded.release_date'),
					last_air_date: eb.ref('excluded.last_air_date'),
					next_air_date: eb.ref('excluded.next_air_date'),
					runtime: eb.ref('excluded.runtime'),
					popularity: eb.ref('excluded.popularity'),
					vote_average: eb.ref('excluded.vote_average'),
					vote_count: eb.ref('excluded.vote_count'),
					poster_path: eb.ref('excluded.poster_path'),
					backdrop_path: eb.ref('excluded.backdrop_path'),
					logo_path: eb.ref('excluded.logo_path'),
					imdb_id: eb.ref('excluded.imdb_id'),
					genre_ids: eb.ref('excluded.genre_ids'),
					adult: eb.ref('excluded.adult'),
					search_text: eb.ref('excluded.search_text'),
					details: eb.ref('excluded.details'),
					updated_at: eb.ref('excluded.updated_at'),
				})),
			)
			.execute(),
	)

	const terms = [...new Set(rows.flatMap((row) => row.search_text.split(' ')).filter(Boolean))].map((term) => ({ term }))
	await insertChunked(terms, (chunk) =>
		db
			.insertInto('catalog_search_terms')
			.values(chunk)
			.onConflict((oc) => oc.column('term').doNothing())
			.execute(),
	)

	for (let i = 0; i < keys.length; i += 5000) {
		const slice = keys.slice(i, i + 5000)
		await db.deleteFrom('catalog_title_genres').where('title_key', 'in', slice).execute()
		await db.deleteFrom('catalog_title_providers').where('title_key', 'in', slice).execute()
		await db.deleteFrom('catalog_title_offers').where('title_key', 'in', slice).execute()
	}
	// Adult titles get no genre or provider links: browsing lists never show them.
	const genreRows = rows
		.filter((row) => row.adult === 0)
		.flatMap((row) =>
			[...new Set(JSON.parse(row.genre_ids) as number[])].map((genre_id) => ({
				title_key: row.key,
				media_type: row.media_type,
				genre_id,
				popularity: row.popularity,
			})),
		)
	await insertChunked(genreRows, (chunk) => db.insertInto('catalog_title_genres').values(chunk).execute())

	const providerRows = items.flatMap((item, index) => {
		const results = item['watch/providers']?.results ?? {}
		const row = rows[index]!
		if (row.adult) return []
		return Object.entries(results).flatMap(([region, entry]) =>
			[...new Set((entry.flatrate ?? []).map((p) => p.provider_id))].map((provider_id) => ({
				title_key: row.key,
				media_type: row.media_type,
				region,
				provider_id,
				popularity: row.popularity,
			})),
		)
	})
	await insertChunked(providerRows, (chunk) => db.insertInto('catalog_title_providers').values(chunk).execute())
	await writeOffers(db, items, rows)

	await writeCredits(db, items, rows)
	await writeImages(db, items)
	await writeSeasons(db, items)
}

const REGION = /^[A-Z]{2}$/

/** Every streaming, rent and buy offer per region, and the providers' latest names and logos. */
async function writeOffers(db: Db, items: ImportItem[], rows: CatalogTitlesTable[]) {
	const offers = new Map<string, Database['catalog_title_offers']>()
	const providers = new Map<number, Database['catalog_watch_providers']>()
	items.forEach((item, index) => {
		const row = rows[index]!
		if (row.adult) return
		for (const [region, entry] of Object.entries(item['watch/providers']?.results ?? {})) {
			if (!REGION.test(region)) continue
			for (const kind of WATCH_OFFER_KINDS) {
				for (const provider of entry[kind] ?? []) {
					const key = `${row.key}:${region}:${kind}:${provider.provider_id}`
					if (!offers.has(key))
						offers.set(key, {
							title_key: row.key,
							region,
							kind,
							provider_id: provider.provider_id,
							display_priority: Math.round(provider.display_priority ?? 0),
						})
					if (provider.provider_name) {
						const known = providers.get(provider.provider_id)
						providers.set(provider.provider_id, {
							provider_id: provider.provider_id,
							provider_name: provider.provider_name,
							logo_path: provider.logo_path || known?.logo_path || null,
						})
					}
				}
			}
		}
	})
	await insertChunked([...providers.values()], (chunk) =>
		db
			.insertInto('catalog_watch_providers')
			.values(chunk)
			.onConflict((oc) =>
				oc.column('provider_id').doUpdateSet((eb) => ({
					provider_name: eb.ref('excluded.provider_name'),
					// An answer without a logo keeps the one known.
					logo_path: eb.fn.coalesce('excluded.logo_path', 'catalog_watch_providers.logo_path'),
				})),
			)
			.execute(),
	)
	await insertChunked([...offers.values()], (chunk) => db.insertInto('catalog_title_offers').values(chunk).execute())
}

async function writeCredits(db: Db, items: ImportItem[], rows: CatalogTitlesTable[]) {
	const withCredits = items.map((item, index) => ({ item, row: rows[index]! })).filter(({ item }) => item.credits)
	if (withCredits.length === 0) return
	const people = new Map<
		number,
		{ id: number; name: string; profile_path: string | null; known_for_department: string | null; popularity: number }
	>()
	const credits: Database['catalog_credits'][] = []
	for (const { item, row } of withCredits) {
		const cast = item.credits?.cast ?? []
		const crew = item.credits?.crew ?? []
		cast.forEach((person, order) => {
			people.set(person.id, {
				id: person.id,
				name: person.name,
				profile_path: person.profile_path ?? null,
				known_for_department: person.known_for_department ?? 'Acting',
				popularity: person.popularity ?? 0,
			})
			credits.push({
				title_key: row.key,
				kind: 'cast',
				credit_order: order,
				person_id: person.id,
				character: person.character ?? null,
				job: null,
				department: null,
			})
		})
		crew.forEach((person, order) => {
			if (!people.has(person.id)) {
				people.set(person.id, {
					id: person.id,
					name: person.name,
					profile_path: person.profile_path ?? null,
					known_for_department: person.known_for_department ?? person.department ?? null,
					popularity: person.popularity ?? 0,
				})
			}
			credits.push({
				title_key: row.key,
				kind: 'crew',
				credit_order: order,
				person_id: person.id,
				character: null,
				job: person.job ?? null,
				department: person.department ?? null,
			})
		})
	}
	await db
		.deleteFrom('catalog_credits')
		.where(
			'title_key',
			'in',
			withCredits.map(({ row }) => row.key),
		)
		.execute()
	await insertChunked([...people.values()], (chunk) =>
		db
			.insertInto('catalog_people')
			.values(chunk)
			.onConflict((oc) =>
				oc.column('id').doUpdateSet((eb) => ({
					name: eb.ref('excluded.name'),
					profile_path: eb.ref('excluded.profile_path'),
					known_for_department: eb.ref('excluded.known_for_department'),
					popularity: eb.ref('excluded.popularity'),
				})),
			)
			.execute(),
	)
	await insertChunked(credits, (chunk) => db.insertInto('catalog_credits').values(chunk).execute())
}

function imageRows(owner: string, images: NonNullable<ImportItem['images']>): Database['catalog_images'][] {
	const rows: Database['catalog_images'][] = []
	const add = (kind: Database['catalog_images']['kind'], list: typeof images.posters) =>
		list?.forEach((image, ord) =>
			rows.push({
				owner,
				kind,
				ord,
				file_path: image.file_path,
				width: image.width,
				height: image.height,
				iso_639_1: image.iso_639_1 ?? null,
				vote_average: image.vote_average ?? 0,
				vote_count: Math.round(image.vote_count ?? 0),
			}),
		)
	add('poster', images.posters)
	add('backdrop', images.backdrops)
	add('logo', images.logos)
	add('still', images.stills)
	return rows
}

async function writeImages(db: Db, items: ImportItem[]) {
	const owners: string[] = []
	const rows: Database['catalog_images'][] = []
	for (const item of items) {
		if (item.images) {
			const owner = `${item.kind}:${item.id}`
			owners.push(owner)
			rows.push(...imageRows(owner, item.images))
		}
		if (item.kind === 'tv') {
			for (const season of item.seasons ?? []) {
				for (const episode of season.episodes ?? []) {
					if (!episode.images) continue
					const owner = `episode:${item.id}:${season.season_number}:${episode.episode_number}`
					owners.push(owner)
					rows.push(...imageRows(owner, episode.images))
				}
			}
		}
	}
	for (let i = 0; i < owners.length; i += 5000)
		await db
			.deleteFrom('catalog_images')
			.where('owner', 'in', owners.slice(i, i + 5000))
			.execute()
	await insertChunked(rows, (chunk) => db.insertInto('catalog_images').values(chunk).execute())
}

const personJson = (person: {
	id: number
	name: string
	profile_path?: string | null
	character?: string | null
	job?: string | null
	department?: string | null
	order?: number | null
}) => ({
	id: person.id,
	name: person.name,
	profile_path: person.profile_path ?? null,
	...(person.character != null ? { character: person.character } : {}),
	...(person.job != null ? { job: person.job, department: person.department ?? null } : {}),
	...(person.order != null ? { order: person.order } : {}),
})

async function writeSeasons(db: Db, items: ImportItem[]) {
	const shows = items.filter((item): item is Extract<ImportItem, { kind: 'tv' }> => item.kind === 'tv' && Array.isArray(item.seasons))
	if (shows.length === 0) return
	const seasonRows: Database['catalog_seasons'][] = []
	const episodeRows: Database['catalog_episodes'][] = []
	const replacedEpisodes: Array<[number, number]> = []
	for (const show of shows) {
		for (const season of show.seasons ?? []) {
			seasonRows.push({
				show_id: show.id,
				season_number: season.season_number,
				id: season.id ?? show.id * 1000 + season.season_number,
				name: season.name ?? (season.season_number === 0 ? 'Specials' : `Season ${season.season_number}`),
				overview: season.overview ?? '',
				poster_path: season.poster_path ?? null,
				air_date: nullIfEmpty(season.air_date),
				episode_count: Math.round(season.episode_count ?? season.episodes?.length ?? 0),
				vote_average: season.vote_average ?? 0,
			})
			if (!season.episodes) continue
			replacedEpisodes.push([show.id, season.season_number])
			for (const episode of season.episodes) {
				episodeRows.push({
					show_id: show.id,
					season_number: season.season_number,
					episode_number: episode.episode_number,
					id: episode.id ?? (show.id * 1000 + season.season_number) * 1000 + episode.episode_number,
					name: episode.name ?? `Episode ${episode.episode_number}`,
					overview: episode.overview ?? '',
					air_date: nullIfEmpty(episode.air_date),
					runtime: episode.runtime ?? null,
					still_path: episode.still_path ?? null,
					vote_average: episode.vote_average ?? 0,
					vote_count: Math.round(episode.vote_count ?? 0),
					crew: JSON.stringify((episode.crew ?? []).map(personJson)),
					guest_stars: JSON.stringify((episode.guest_stars ?? []).map(personJson)),
					imdb_id: nullIfEmpty(episode.external_ids?.imdb_id),
				})
			}
		}
	}
	const showIds = shows.map((s) => s.id)
	await db.deleteFrom('catalog_seasons').where('show_id', 'in', showIds).execute()
	await insertChunked(seasonRows, (chunk) => db.insertInto('catalog_seasons').values(chunk).execute())
	for (const [showId, seasonNumber] of replacedEpisodes) {
		await db.deleteFrom('catalog_episodes').where('show_id', '=', showId).where('season_number', '=', seasonNumber).execute()
	}
	await insertChunked(episodeRows, (chunk) => db.insertInto('catalog_episodes').values(chunk).execute())
}

export async function getMeta(handle: DatabaseHandle, key: string): Promise<string | undefined> {
	const row = await handle.db.selectFrom('catalog_meta').select('value').where('key', '=', key).executeTakeFirst()
	return row?.value
}

export async function setMeta(db: Db, key: string, value: string) {
	await db
		.insertInto('catalog_meta')
		.values({ key, value })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
		.execute()
}
