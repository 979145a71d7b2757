import { parse as parseCsv } from 'csv-parse/sync'
import { z } from 'zod'

// Parsing of library exports from other services into import rows (pure, no
// I/O): Letterboxd's CSV files (watchlist.csv, watched.csv, diary.csv) and
// Trakt's JSON export (watchlist.json, watched-movies.json, watched-shows.json,
// or any file of those shapes). Matching to the catalogue comes after.

export type ImportList = 'watchlist' | 'watched'

export interface ImportRow {
	/** Where the row came from, for the preview: "diary.csv line 3". */
	origin: string
	list: ImportList
	mediaType: 'movie' | 'tv'
	title: string
	year: number | null
	tmdbId: number | null
	imdbId: string | null
	/** When it was listed or watched (epoch ms), else null. */
	at: number | null
	/** Shows watched on Trakt: the episodes, with when. */
	episodes?: Array<{ season: number; episode: number; at: number | null }>
}

/** A row that could not be read at all (its reason shown in the preview). */
export interface ImportProblem {
	origin: string
	reason: string
}

export interface ParsedFile {
	rows: ImportRow[]
	problems: ImportProblem[]
}

export class ImportFormatError extends Error {}

function time(value: string | null | undefined): number | null {
	if (!value) return null
	const ms = Date.parse(value.length === 10 ? `${value}T12:00:00Z` : value)
	return Number.isFinite(ms) ? ms : null
}

function year(value: unknown): number | null {
	const n = typeof value === 'number' ? value : Number(String(value ?? '').trim())
	return Number.isInteger(n) && n >= 1870 && n <= 2200 ? n : null
}

// ---- Letterboxd ----

const letterboxdRow = z.object({
	Date: z.string().optional(),
	Name: z.string().optional(),
	Year: z.string().optional(),
	'Watched Date': z.string().optional(),
})

function letterboxdList(fileName: string): ImportList {
	return /watchlist/i.test(fileName) ? 'watchlist' : 'watched'
}

export function parseLetterboxdCsv(fileName: string, text: string): ParsedFile {
	let records: Array<Record<string, string>>
	try {
		records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: true })
	} catch (error) {
		throw new ImportFormatError(`${fileName} is not a readable CSV file (${(error as Error).message.split('\n')[0]})`)
	}
	if (records.length > 0 && !('Name' in records[0]!))
		throw new ImportFormatError(`${fileName} has no Name column: is it a Letterboxd export?`)
	const list = letterboxdList(fileName)
	const rows: ImportRow[] = []
	const problems: ImportProblem[] = []
	records.forEach((record, index) => {
		const origin = `${fileName} line ${index + 2}`
		const parsed = letterboxdRow.safeParse(record)
		const name = parsed.success ? parsed.data.Name?.trim() : undefined
		if (!parsed.success || !name) {
			problems.push({ origin, reason: 'No film name' })
			return
		}
		rows.push({
			origin,
			list,
			mediaType: 'movie',
			title: name,
			year: year(parsed.data.Year),
			tmdbId: null,
			imdbId: null,
			at: time(parsed.data['Watched Date'] || parsed.data.Date),
		})
	})
	return { rows, problems }
}

// ---- Trakt ----

const traktIds = z
	.object({
		tmdb: z.number().int().positive().nullish(),
		imdb: z
			.string()
			.regex(/^tt\d{1,10}$/)
			.nullish(),
	})
	.partial()
const traktMedia = z.object({ title: z.string().nullish(), year: z.number().nullish(), ids: traktIds.nullish() })
const traktItem = z.object({
	type: z.enum(['movie', 'show', 'episode', 'season', 'person']).optional(),
	listed_at: z.string().optional(),
	last_watched_at: z.string().nullish(),
	watched_at: z.string().optional(),
	movie: traktMedia.optional(),
	show: traktMedia.optional(),
	episode: z.object({ season: z.number().int(), number: z.number().int() }).optional(),
	seasons: z
		.array(
			z.object({
				number: z.number().int(),
				episodes: z.array(z.object({ number: z.number().int(), last_watched_at: z.string().nullish() })).default([]),
			}),
		)
		.optional(),
})

export function parseTraktJson(fileName: string, text: string): ParsedFile {
	let data: unknown
	try {
		data = JSON.parse(text)
	} catch {
		throw new ImportFormatError(`${fileName} is not JSON`)
	}
	if (!Array.isArray(data)) throw new ImportFormatError(`${fileName} is not a Trakt export (a list of items)`)
	const rows: ImportRow[] = []
	const problems: ImportProblem[] = []
	// Trakt's history lists one entry per episode play: gather them per show.
	const historyShows = new Map<string, ImportRow>()
	data.forEach((raw, index) => {
		const origin = `${fileName} item ${index + 1}`
		const parsed = traktItem.safeParse(raw)
		if (!parsed.success) {
			problems.push({ origin, reason: 'Not a Trakt item' })
			return
		}
		const item = parsed.data
		const media = item.movie ?? item.show
		const mediaType = item.movie ? 'movie' : 'tv'
		if (!media || !media.title?.trim()) {
			problems.push({
				origin,
				reason: item.type === 'person' || item.type === 'season' ? `A ${item.type}, not a film or series` : 'No title',
			})
			return
		}
		const base = {
			origin,
			mediaType,
			title: media.title.trim(),
			year: year(media.year),
			tmdbId: media.ids?.tmdb ?? null,
			imdbId: media.ids?.imdb ?? null,
		} as const
		if (item.listed_at !== undefined && !item.watched_at && !item.last_watched_at) {
			rows.push({ ...base, list: 'watchlist', at: time(item.listed_at) })
		} else if (item.episode && item.show) {
			const key = `${base.tmdbId ?? ''}|${base.title}|${base.year ?? ''}`
			const row = historyShows.get(key) ?? { ...base, mediaType: 'tv', list: 'watched', at: null, episodes: [] }
			const at = time(item.watched_at)
			row.episodes!.push({ season: item.episode.season, episode: item.episode.number, at })
			row.at = Math.max(row.at ?? 0, at ?? 0) || null
			historyShows.set(key, row)
		} else {
			const episodes = item.seasons?.flatMap((season) =>
				season.episodes.map((episode) => ({ season: season.number, episode: episode.number, at: time(episode.last_watched_at) })),
			)
			rows.push({
				...base,
				list: 'watched',
				at: time(item.last_watched_at ?? item.watched_at),
				...(mediaType === 'tv' ? { episodes: episodes ?? [] } : {}),
			})
		}
	})
	rows.push(...historyShows.values())
	return { rows, problems }
}

/** One uploaded file by its name: .csv → Letterboxd, .json → Trakt. */
export function parseImportFile(fileName: string, text: string): ParsedFile {
	if (/\.csv$/i.test(fileName)) return parseLetterboxdCsv(fileName, text)
	if (/\.json$/i.test(fileName)) return parseTraktJson(fileName, text)
	throw new ImportFormatError(`${fileName}: give Letterboxd's .csv files or Trakt's .json files`)
}
