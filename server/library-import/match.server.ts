import type { MatchedImportRow } from '#app/lib/library/import-plan.ts'
import { yearOf } from '#app/lib/titles/match.ts'
import { mapLimit } from '../concurrency/map-limit.ts'
import { catalogGet } from '../catalog/catalog.server.ts'
import { isNotFoundError } from '../catalog/page-data.server.ts'
import { getDatabase } from '../db/db.server.ts'
import { createTitleLookup, type TitleLookup } from '../titles/lookup.server.ts'
import type { ImportProblem, ImportRow } from './formats.ts'

// Matching import rows to catalogue titles: by TMDB id when the export has
// one, else by IMDb id (the local catalogue keeps it), else by title and year
// through the shared title matcher (app/lib/titles/match.ts, decision 0039):
// the row's title against each candidate's title, original and alternative
// titles, its year the same or one off (release dates differ by country), a
// typo forgiven in a long title whose year agrees; among equals, the most
// popular wins.

const CONCURRENCY = 8

interface Found {
	id: number
	title?: string
	name?: string
	release_date?: string | null
	first_air_date?: string | null
	poster_path?: string | null
}

function toMatch(found: Found, mediaType: 'movie' | 'tv'): MatchedImportRow['match'] {
	return {
		id: found.id,
		mediaType,
		title: (mediaType === 'movie' ? found.title : found.name) ?? found.title ?? found.name ?? '',
		year: yearOf(found.release_date ?? found.first_air_date),
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
				year: yearOf(found.release_date),
				posterPath: found.poster_path,
			}
		: null
}

async function byTitle(row: ImportRow, lookup: TitleLookup): Promise<MatchedImportRow['match'] | null> {
	const type = row.mediaType === 'movie' ? 'movie' : 'show'
	const choice = await lookup.find({ title: row.title, year: row.year, type }, { ties: 'most-popular', typos: true })
	if (choice.status !== 'matched') return null
	const { candidate } = choice
	return { id: candidate.id, mediaType: row.mediaType, title: candidate.title, year: candidate.year, posterPath: candidate.posterPath }
}

export async function matchImportRows(rows: readonly ImportRow[]): Promise<{ matched: MatchedImportRow[]; unmatched: ImportProblem[] }> {
	const results: Array<MatchedImportRow | ImportProblem> = new Array(rows.length)
	const lookup = createTitleLookup()
	await mapLimit(rows, CONCURRENCY, async (row, index) => {
		const match = (await byTmdbId(row)) ?? (await byImdbId(row)) ?? (await byTitle(row, lookup))
		results[index] = match
			? { origin: row.origin, list: row.list, at: row.at, ...(row.episodes ? { episodes: row.episodes } : {}), match }
			: { origin: row.origin, reason: `${row.title}${row.year ? ` (${row.year})` : ''} is not in the catalogue` }
	})
	return {
		matched: results.filter((result): result is MatchedImportRow => 'match' in result),
		unmatched: results.filter((result): result is ImportProblem => !('match' in result)),
	}
}
