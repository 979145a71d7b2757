import { stringify } from 'csv-stringify/browser/esm/sync'
import { categoryLabel } from './bookmarks.ts'
import { visibleHistoryItem } from './history.ts'
import type { LibraryContents } from './library-file.ts'

// The library as one CSV file for spreadsheets: one row per bookmark (a title
// in two lists is two rows) and one per watched movie or episode. The JSON
// export stays the file Willow reads back; this one is for people. Cells that
// a spreadsheet would run as a formula (= + - @ first) are escaped with a
// leading apostrophe (CSV injection). The browser build of csv-stringify
// carries its own Buffer, which the page has not.

export const LIBRARY_CSV_COLUMNS = [
	'record',
	'tmdb_id',
	'media_type',
	'title',
	'year',
	'list',
	'season',
	'episode',
	'episode_title',
	'watched_seconds',
	'duration_seconds',
	'progress_percent',
	'date',
] as const

type Column = (typeof LIBRARY_CSV_COLUMNS)[number]
type Row = Partial<Record<Column, string | number>>

const iso = (ms: number) => (Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : '')

function percent(watched: number, duration: number): number | '' {
	if (!(duration > 0) || !(watched >= 0)) return ''
	return Math.min(100, Math.round((watched / duration) * 100))
}

/** The CSV's rows, in order: bookmarks by list then date added, then watch history by last watched (newest first). */
export function libraryCsvRows(contents: Pick<LibraryContents, 'bookmarks' | 'watchHistory'>): Row[] {
	const rows: Row[] = []
	const bookmarks = contents.bookmarks.bookmarks
		.slice()
		.sort((a, b) => a.category.localeCompare(b.category) || b.addedAt - a.addedAt || a.mediaId - b.mediaId)
	for (const bookmark of bookmarks) {
		rows.push({
			record: 'bookmark',
			tmdb_id: bookmark.mediaId,
			media_type: bookmark.mediaType ?? '',
			title: bookmark.title ?? '',
			year: bookmark.releaseDate?.slice(0, 4) ?? '',
			list: categoryLabel(bookmark.category),
			date: iso(bookmark.addedAt),
		})
	}
	// What the history page shows: nothing removed and not watched since.
	const history = Object.entries(contents.watchHistory)
		.flatMap(([id, stored]) => {
			const item = visibleHistoryItem(stored)
			return item ? [[id, item] as const] : []
		})
		.sort(([a, x], [b, y]) => y.updatedAt - x.updatedAt || Number(a) - Number(b))
	for (const [id, item] of history) {
		const base: Row = {
			record: 'history',
			tmdb_id: Number(id),
			media_type: item.type === 'show' ? 'tv' : 'movie',
			title: item.title,
			year: item.year ?? '',
		}
		const episodes = Object.values(item.episodes ?? {}).sort((a, b) => a.season - b.season || a.number - b.number)
		if (item.type === 'show' && episodes.length > 0) {
			for (const episode of episodes) {
				rows.push({
					...base,
					season: episode.season,
					episode: episode.number,
					episode_title: episode.title,
					watched_seconds: Math.round(episode.progress.watched),
					duration_seconds: Math.round(episode.progress.duration),
					progress_percent: percent(episode.progress.watched, episode.progress.duration),
					date: iso(episode.updatedAt),
				})
			}
			continue
		}
		const progress = item.progress
		rows.push({
			...base,
			watched_seconds: progress ? Math.round(progress.watched) : '',
			duration_seconds: progress ? Math.round(progress.duration) : '',
			progress_percent: progress ? percent(progress.watched, progress.duration) : '',
			date: iso(item.updatedAt),
		})
	}
	return rows
}

/** The whole CSV text: a byte-order mark (so spreadsheets read UTF-8), a header, CRLF line ends, formulas escaped. */
export function buildLibraryCsv(contents: Pick<LibraryContents, 'bookmarks' | 'watchHistory'>): string {
	return stringify(libraryCsvRows(contents), {
		bom: true,
		header: true,
		columns: [...LIBRARY_CSV_COLUMNS],
		record_delimiter: 'windows',
		escape_formulas: true,
	})
}

export function libraryCsvFileName(now: number = Date.now()) {
	return `willow-library-${new Date(now).toISOString().slice(0, 10)}.csv`
}
