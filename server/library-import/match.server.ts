import type { MatchedImportRow } from '#app/lib/library/import-plan.ts'
import { mapLimit } from '../concurrency/map-limit.ts'
import { catalogGet } from '../catalog/catalog.server.ts'
import { isNotFoundError } from '../catalog/page-data.server.ts'
import { getDatabase } from '../db/db.server.ts'
import type { ImportProblem, ImportRow } from './formats.ts'

// Matching import rows to catalogue titles: by TMDB id when the export has
// one, else by IMDb id (the local catalogue keeps it), else by title and year
// through the catalogue's search (the same for the local catalogue and live
// TMDB). A title matches when its normalised name equals the row's (title or
// original title) and its year is the row's, or one off (release dates differ
// by country); among several, the most popular wins.

const CONCURRENCY = 8

interface Found {
	id: number
	media_type?: string
	title?: string
	name?: string
	original_title?: string
	original_name?: string
	release_date?: string | null
	first_air_date?: string | null
	poster_path?: string | null
	popularity?: number
}

/** Lower case, no accents, "&" as "and", letters and digits only. */
export function normaliseTitle(title: string): string {
	return title
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/&/g, 'and')
		.replace(/[^\p{L}\p{N}]+/gu, '')
}

function yearOf(found: Found): number | null {
	const date = found.release_date ?? found.first_air_date
	const year = date ? Number(date.slice(0, 4)) : NaN
	return Number.isFinite(year) ? year : null
}

function toMatch(found: Found, mediaType: 'movie' | 'tv'): MatchedImportRow['match'] {
	return {
		id: found.id,
		mediaType,
		title: (mediaType === 'movie' ? found.title : found.name) ?? found.title ?? found.name ?? '',
		year: yearOf(found),
		posterPath: found.poster_path ?? null,
	}
}

async function byTmdbId(row: ImportRow): Promise<MatchedImportRow['match'] | null> {
	if (!row.tmdbId) return null
	try {
		return toMatch(await catalogGet<Found>(`/${row.mediaType}/${row.tmdbId}`), row.mediaType)
	} catch (error) {
		if (isNotFoundError(error)) return null
		throw error
	}
}

async function byImdbId(row: ImportRow): Promise<MatchedImportRow['match'] | null> {
	if (!row.imdbId) return null
	const found = await getDatabase()
		.db.selectFrom('catalog_titles')
		.select(['id', 'title', 'release_date', 'poster_path'])
		.where('imdb_id', '=', row.imdbId)
		.where('media_type', '=', row.mediaType)
		.executeTakeFirst()
	return found
		? {
				id: found.id,
				mediaType: row.mediaType,
				title: found.title,
				year: found.release_date ? Number(found.release_date.slice(0, 4)) : null,
				posterPath: found.poster_path,
			}
		: null
}

async function byTitle(row: ImportRow): Promise<MatchedImportRow['match'] | null> {
	const wanted = normaliseTitle(row.title)
	if (!wanted) return null
	const page = await catalogGet<{ results: Found[] }>('/search/multi', { query: row.title.slice(0, 200) })
	const candidates = page.results.filter((found) => {
		if (found.media_type !== row.mediaType) return false
		const names = [found.title, found.name, found.original_title, found.original_name]
			.filter((name): name is string => Boolean(name))
			.map(normaliseTitle)
		if (!names.includes(wanted)) return false
		if (row.year === null) return true
		const year = yearOf(found)
		return year !== null && Math.abs(year - row.year) <= 1
	})
	if (candidates.length === 0) return null
	// The exact year first, then the most popular.
	candidates.sort((a, b) => Number(yearOf(b) === row.year) - Number(yearOf(a) === row.year) || (b.popularity ?? 0) - (a.popularity ?? 0))
	return toMatch(candidates[0]!, row.mediaType)
}

export async function matchImportRows(rows: readonly ImportRow[]): Promise<{ matched: MatchedImportRow[]; unmatched: ImportProblem[] }> {
	const results: Array<MatchedImportRow | ImportProblem> = new Array(rows.length)
	await mapLimit(rows, CONCURRENCY, async (row, index) => {
		const match = (await byTmdbId(row)) ?? (await byImdbId(row)) ?? (await byTitle(row))
		results[index] = match
			? { origin: row.origin, list: row.list, at: row.at, ...(row.episodes ? { episodes: row.episodes } : {}), match }
			: { origin: row.origin, reason: `${row.title}${row.year ? ` (${row.year})` : ''} is not in the catalogue` }
	})
	return {
		matched: results.filter((result): result is MatchedImportRow => 'match' in result),
		unmatched: results.filter((result): result is ImportProblem => !('match' in result)),
	}
}
