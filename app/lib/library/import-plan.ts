import { episodeKey } from './history.ts'
import type { Bookmark, BookmarkState, WatchHistory, WatchHistoryItem } from './types.ts'

// What an import from another service adds to a library (pure): matched rows
// become bookmarks (the Watchlist, or Watched for films seen) and watch
// history (films seen as finished; a series' watched episodes). Nothing in
// the library is replaced: a row whose title is already there (in that list,
// or in the history) is a duplicate and left out; the rest is merged with the
// library's own merge rules, which never drop a newer change.

export interface MatchedImportRow {
	origin: string
	list: 'watchlist' | 'watched'
	at: number | null
	episodes?: Array<{ season: number; episode: number; at: number | null }>
	match: { id: number; mediaType: 'movie' | 'tv'; title: string; year: number | null; posterPath: string | null }
}

export interface ImportDuplicate {
	origin: string
	title: string
	reason: string
}

export interface ImportPlan {
	bookmarks: Bookmark[]
	history: WatchHistory
	duplicates: ImportDuplicate[]
}

/** A film seen, recorded as finished (the length is unknown: 100 % of one unit). */
const SEEN = { watched: 1, duration: 1 }

const LIST_LABEL = { watchlist: 'Watchlist', watched: 'Watched' } as const

export function planImport(
	rows: readonly MatchedImportRow[],
	library: { bookmarks: BookmarkState; history: WatchHistory },
	now: number = Date.now(),
): ImportPlan {
	const inList = new Set(library.bookmarks.bookmarks.map((bookmark) => `${bookmark.mediaId}|${bookmark.category}`))
	const bookmarks: Bookmark[] = []
	const history: WatchHistory = {}
	const duplicates: ImportDuplicate[] = []
	for (const row of rows) {
		const { id, mediaType, title, year, posterPath } = row.match
		const at = row.at ?? now
		const listKey = `${id}|${row.list}`
		const addBookmark = !inList.has(listKey) && (row.list === 'watchlist' || mediaType === 'movie')
		if (addBookmark) {
			inList.add(listKey)
			bookmarks.push({
				mediaId: id,
				category: row.list,
				addedAt: at,
				mediaType,
				title,
				posterPath,
				...(year ? { releaseDate: `${year}-01-01` } : {}),
			})
		}
		let addedHistory = false
		if (row.list === 'watched') {
			const key = String(id)
			const existing = library.history[key] ?? history[key]
			if (mediaType === 'movie') {
				if (!existing || existing.removedAt !== undefined) {
					history[key] = { type: 'movie', title, ...(year ? { year } : {}), posterPath, updatedAt: at, progress: SEEN }
					addedHistory = true
				}
			} else {
				const episodes = { ...(history[key]?.episodes ?? {}) }
				for (const episode of row.episodes ?? []) {
					const episodeId = episodeKey(episode.season, episode.episode)
					if (library.history[key]?.episodes?.[episodeId] || episodes[episodeId]) continue
					const updatedAt = episode.at ?? at
					episodes[episodeId] = {
						id: 0,
						number: episode.episode,
						title: '',
						seasonId: 0,
						season: episode.season,
						updatedAt,
						progress: SEEN,
					}
					addedHistory = true
				}
				if (addedHistory) {
					const latest = Math.max(...Object.values(episodes).map((episode) => episode.updatedAt))
					const item: WatchHistoryItem = { type: 'show', title, ...(year ? { year } : {}), posterPath, updatedAt: latest, episodes }
					history[key] = item
				}
			}
		}
		if (!addBookmark && !addedHistory)
			duplicates.push({
				origin: row.origin,
				title,
				reason: `Already in your ${row.list === 'watched' && mediaType === 'tv' ? 'history' : LIST_LABEL[row.list]}`,
			})
	}
	return { bookmarks, history, duplicates }
}
