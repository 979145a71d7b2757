import type { Kysely } from 'kysely'
import type { Dialect } from '../../db/db.server.ts'
import type { Database } from '../../db/schema.ts'
import type { CatalogTitlesTable } from '../tables.ts'

// What every part of the local back end shares: title rows turned into TMDB's
// list shapes, pages of results, dates, and the handle each part is built on.

export const PAGE_SIZE = 20
export const MAX_PAGES = 500

export type TitleRow = Pick<
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

export const LIST_COLUMNS = [
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

export const round3 = (n: number) => Math.round(n * 1000) / 1000
export const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
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

export const listItem = (row: TitleRow, withMediaType = false) =>
	row.media_type === 'movie' ? movieListItem(row, withMediaType) : tvListItem(row, withMediaType)

export function pageOf<T>(page: number, results: T[], total: number) {
	const totalResults = Math.max(0, total)
	return { page, results, total_pages: Math.min(MAX_PAGES, Math.ceil(totalResults / PAGE_SIZE)), total_results: totalResults }
}

export function isoDate(date: Date) {
	return date.toISOString().slice(0, 10)
}

export function addDays(date: Date, days: number) {
	return new Date(date.getTime() + days * 86_400_000)
}

/** The list columns of catalog_titles (as t), for a page of titles. */
export function selectListTitles(db: Kysely<Database>) {
	return db.selectFrom('catalog_titles as t').select(LIST_COLUMNS)
}

/** What the factory gives each part of the local back end. */
export interface LocalContext {
	db: Kysely<Database>
	dialect: Dialect
	/** The clock: "upcoming" and "on the air" are relative to it. */
	now: () => Date
	/** A count under a key, cached until the next import (see createLocalCatalog). */
	countCached(cacheKey: string, count: () => Promise<number>): Promise<number>
}
