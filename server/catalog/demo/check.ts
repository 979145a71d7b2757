import type { ImportItem } from '../import-schema.ts'

// Compares one demo catalogue title with TMDB's own details for the same id:
// the facts the demo claims to copy from TMDB (names, dates, genres, IMDb id,
// season structure). Overviews, artwork, ratings and popularity are ours or
// change daily, so they are not compared. Pure: the caller fetches.

export interface Difference {
	field: string
	ours: string
	tmdb: string
}

const show = (value: unknown) => (value === null || value === undefined || value === '' ? 'none' : String(value))

function genreIds(item: ImportItem): number[] {
	return [...new Set(item.genre_ids ?? item.genres?.map((genre) => genre.id) ?? [])].sort((a, b) => a - b)
}

function imdbId(item: ImportItem): string | null {
	return item.external_ids?.imdb_id || item.imdb_id || null
}

interface SeasonFacts {
	episodes: number
	year: string | null
}

/** Regular seasons (TMDB's season 0 holds specials, which the demo leaves out) by number. */
function seasonsOf(item: ImportItem & { kind: 'tv' }): Map<number, SeasonFacts> {
	const seasons = new Map<number, SeasonFacts>()
	for (const season of item.seasons ?? []) {
		if (season.season_number === 0) continue
		seasons.set(season.season_number, {
			episodes: season.episode_count ?? season.episodes?.length ?? 0,
			year: season.air_date?.slice(0, 4) || null,
		})
	}
	return seasons
}

const ended = (status: string | null | undefined) => status === 'Ended' || status === 'Canceled'

export function compareWithTmdb(ours: ImportItem, tmdb: ImportItem): Difference[] {
	const differences: Difference[] = []
	const add = (field: string, a: unknown, b: unknown) => {
		if (show(a) !== show(b)) differences.push({ field, ours: show(a), tmdb: show(b) })
	}
	if (ours.kind !== tmdb.kind) return [{ field: 'kind', ours: ours.kind, tmdb: tmdb.kind }]
	add('genres', genreIds(ours).join(', '), genreIds(tmdb).join(', '))
	// An announced film may not have an IMDb id yet on either side.
	add('imdb_id', imdbId(ours), imdbId(tmdb))
	if (ours.kind === 'movie' && tmdb.kind === 'movie') {
		add('title', ours.title, tmdb.title)
		add('original_title', ours.original_title, tmdb.original_title)
		add('release_date', ours.release_date, tmdb.release_date)
		return differences
	}
	if (ours.kind !== 'tv' || tmdb.kind !== 'tv') return differences
	add('name', ours.name, tmdb.name)
	add('original_name', ours.original_name, tmdb.original_name)
	add('first_air_date', ours.first_air_date, tmdb.first_air_date)
	add('ended', ended(ours.status), ended(tmdb.status))
	if (ended(ours.status) && ended(tmdb.status)) add('last_air_date', ours.last_air_date, tmdb.last_air_date)
	const a = seasonsOf(ours)
	const b = seasonsOf(tmdb)
	add('number_of_seasons', a.size, b.size)
	for (const number of [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y)) {
		const mine = a.get(number)
		const theirs = b.get(number)
		if (!mine || !theirs) {
			add(`season ${number}`, mine ? `${mine.episodes} episodes` : 'missing', theirs ? `${theirs.episodes} episodes` : 'missing')
			continue
		}
		add(`season ${number} episodes`, mine.episodes, theirs.episodes)
		// Demo seasons are dated one a year from the first air date unless the
		// source gives premieres, so the year is the useful grain.
		add(`season ${number} premiere year`, mine.year, theirs.year)
	}
	return differences
}
