import type { EpisodeProgress, Progress, WatchHistory, WatchHistoryItem } from './types.ts'

// Pure watch-history logic (product.md §3, §4, §5, §9): progress maths, the
// next-episode rule, the Continue Watching list, and recording progress.

/** A title counts as finished (no resume) beyond these shares of its runtime. */
export const EPISODE_FINISHED_PERCENT = 93
export const MOVIE_FINISHED_PERCENT = 94
/** The history card shows the trending badge above this popularity (elsewhere 450). */
export const HISTORY_TRENDING_POPULARITY = 400

export function episodeKey(season: number, episode: number) {
	return `s${season}e${episode}`
}

export function parseEpisodeKey(key: string): { season: number; episode: number } | null {
	const match = /^s(\d+)e(\d+)$/.exec(key)
	return match ? { season: Number(match[1]), episode: Number(match[2]) } : null
}

/** A percentage clamped to 0–100 (product.md §5); NaN, negative or zero duration give 0. */
export function clampPercent(value: number) {
	if (!Number.isFinite(value) || value <= 0) return 0
	return value >= 100 ? 100 : value
}

export function progressPercent(progress: Progress | undefined) {
	if (!progress || !(progress.duration > 0)) return 0
	return clampPercent((progress.watched / progress.duration) * 100)
}

export function isHistoryTrending(popularity: number | undefined) {
	return typeof popularity === 'number' && popularity > HISTORY_TRENDING_POPULARITY
}

/** The percentage shown for an item: a movie's progress, or a show's latest episode. */
export function itemPercent(item: WatchHistoryItem) {
	if (item.type === 'movie') return progressPercent(item.progress)
	const latest = latestEpisode(item)
	return latest ? progressPercent(latest.progress) : 0
}

/** The most recently watched episode of a show (ties: the later episode). */
export function latestEpisode(item: WatchHistoryItem): EpisodeProgress | undefined {
	let latest: EpisodeProgress | undefined
	for (const episode of Object.values(item.episodes ?? {})) {
		if (!latest || episode.updatedAt > latest.updatedAt || (episode.updatedAt === latest.updatedAt && compareEpisodes(episode, latest) > 0))
			latest = episode
	}
	return latest
}

function compareEpisodes(a: { season: number; number: number }, b: { season: number; number: number }) {
	return a.season - b.season || a.number - b.number
}

/** What a season browser knows about a season: its number and episode count. */
export interface SeasonInfo {
	season_number: number
	episode_count: number
}

/**
 * The episode after (season, episode) (product.md §4): the following episode, else
 * episode 1 of the next season, wrapping to the first season after the last.
 * Without season information the following episode number is assumed to exist.
 * Specials (season 0) are skipped when other seasons exist.
 */
export function episodeAfter(season: number, episode: number, seasons?: readonly SeasonInfo[]): { season: number; episode: number } {
	const known = (seasons ?? []).filter((s) => s.episode_count > 0)
	const regular = known.some((s) => s.season_number > 0) ? known.filter((s) => s.season_number > 0) : known
	if (regular.length === 0) return { season, episode: episode + 1 }
	const ordered = [...regular].sort((a, b) => a.season_number - b.season_number)
	const current = ordered.find((s) => s.season_number === season)
	if (current && episode < current.episode_count) return { season, episode: episode + 1 }
	const next = ordered.find((s) => s.season_number > season) ?? ordered[0]!
	return { season: next.season_number, episode: 1 }
}

export interface EpisodeToWatch {
	season: number
	episode: number
	/** 'resume': unfinished, continue it; 'next': the one after the last finished. */
	kind: 'resume' | 'next'
	/** The stored progress when resuming. */
	progress?: Progress
	/** The stored title of the episode when resuming. */
	title?: string
}

/**
 * The episode to continue with: the most recently watched episode when it is
 * unfinished (at most 93%), else the episode after it (per episodeAfter).
 * Null for a movie or a show with no episodes.
 */
export function nextEpisodeToWatch(item: WatchHistoryItem, seasons?: readonly SeasonInfo[]): EpisodeToWatch | null {
	if (item.type !== 'show') return null
	const latest = latestEpisode(item)
	if (!latest) return null
	if (progressPercent(latest.progress) <= EPISODE_FINISHED_PERCENT) {
		return { season: latest.season, episode: latest.number, kind: 'resume', progress: latest.progress, title: latest.title }
	}
	const next = episodeAfter(latest.season, latest.number, seasons)
	const known = item.episodes?.[episodeKey(next.season, next.episode)]
	return { ...next, kind: 'next', progress: known?.progress, title: known?.title }
}

export interface ContinueWatchingEntry {
	mediaId: number
	item: WatchHistoryItem
	/** Shows: the episode to continue with. */
	episode: EpisodeToWatch | null
	/** Progress of what the card resumes (0 for a next episode not started). */
	percent: number
}

/**
 * The Continue Watching row: movies started but not finished (at most 94%),
 * and every show with its next episode; most recently watched first.
 */
export function continueWatching(history: WatchHistory, limit = 20): ContinueWatchingEntry[] {
	const out: ContinueWatchingEntry[] = []
	for (const [key, stored] of Object.entries(history)) {
		const mediaId = Number(key)
		const item = visibleHistoryItem(stored)
		if (!item) continue
		if (item.type === 'movie') {
			const percent = progressPercent(item.progress)
			if (percent > 0 && percent <= MOVIE_FINISHED_PERCENT) out.push({ mediaId, item, episode: null, percent })
			continue
		}
		const episode = nextEpisodeToWatch(item)
		if (episode) out.push({ mediaId, item, episode, percent: progressPercent(episode.progress) })
	}
	out.sort((a, b) => b.item.updatedAt - a.item.updatedAt || a.mediaId - b.mediaId)
	return out.slice(0, limit)
}

/** History items still shown (see visibleHistoryItem), most recently watched first. */
export function historyByRecent(history: WatchHistory): Array<{ mediaId: number; item: WatchHistoryItem }> {
	const out: Array<{ mediaId: number; item: WatchHistoryItem }> = []
	for (const [key, stored] of Object.entries(history)) {
		const item = visibleHistoryItem(stored)
		if (item) out.push({ mediaId: Number(key), item })
	}
	return out.sort((a, b) => b.item.updatedAt - a.item.updatedAt || a.mediaId - b.mediaId)
}

/**
 * An item as the pages show it: null when the visitor removed it and nothing
 * was watched since; otherwise without the episodes watched before a removal.
 */
export function visibleHistoryItem(item: WatchHistoryItem): WatchHistoryItem | null {
	const removedAt = item.removedAt
	if (removedAt === undefined) return item
	const episodes = Object.entries(item.episodes ?? {}).filter(([, episode]) => episode.updatedAt > removedAt)
	if (item.updatedAt <= removedAt && episodes.length === 0) return null
	if (item.type === 'movie' || episodes.length === Object.keys(item.episodes ?? {}).length) return item
	return { ...item, episodes: Object.fromEntries(episodes) }
}

/** How long a removal marker is kept (decision 0034), before the history's latest change; as for bookmark tombstones. */
export const REMOVAL_MARKER_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000

/**
 * Drops removal markers older than REMOVAL_MARKER_MAX_AGE_MS before the
 * history's latest change: items removed then and not watched since. Applied
 * after every merge (device and server). Same object when nothing goes.
 */
export function pruneHistoryRemovals(history: WatchHistory): WatchHistory {
	const cutoff = latestHistoryChange(history) - REMOVAL_MARKER_MAX_AGE_MS
	let out: WatchHistory | undefined
	for (const [key, item] of Object.entries(history)) {
		if (item.removedAt === undefined || item.removedAt >= cutoff || visibleHistoryItem(item) !== null) continue
		out ??= { ...history }
		delete out[key]
	}
	return out ?? history
}

/**
 * Removes a title from the history (state in, state out). The item stays as a
 * marker with the removal time, without its progress, so that sync removes it
 * on the visitor's other devices too instead of bringing it back.
 */
export function removeHistoryItem(history: WatchHistory, mediaId: number, now: number = Date.now()): WatchHistory {
	const key = String(mediaId)
	const item = history[key]
	if (!item) return history
	const at = Math.max(now, latestHistoryChange({ [key]: item }))
	const marker: WatchHistoryItem = { type: item.type, title: item.title, updatedAt: at, removedAt: at }
	if (item.year !== undefined) marker.year = item.year
	if (item.posterPath !== undefined) marker.posterPath = item.posterPath
	if (item.popularity !== undefined) marker.popularity = item.popularity
	return { ...history, [key]: marker }
}

/** Display fields of a title the player knows when recording progress. */
export interface WatchedMedia {
	mediaId: number
	title: string
	year?: number
	posterPath?: string | null
	popularity?: number
}

function sanitiseProgress(progress: Progress): Progress {
	const duration = Number.isFinite(progress.duration) && progress.duration > 0 ? progress.duration : 0
	const watched = Number.isFinite(progress.watched) && progress.watched > 0 ? progress.watched : 0
	return { watched: duration > 0 ? Math.min(watched, duration) : watched, duration }
}

/** A time strictly after the item's removal, so progress recorded in the same millisecond still counts. */
function afterRemoval(previous: WatchHistoryItem | undefined, time: number) {
	const removedAt = previous?.removedAt
	return removedAt !== undefined && time <= removedAt ? removedAt + 1 : time
}

function baseItem(
	previous: WatchHistoryItem | undefined,
	type: WatchHistoryItem['type'],
	media: WatchedMedia,
	now: number,
): WatchHistoryItem {
	const item: WatchHistoryItem = {
		...(previous?.type === type ? previous : {}),
		type,
		title: media.title,
		updatedAt: afterRemoval(previous, Math.max(now, previous?.updatedAt ?? 0)),
	}
	if (media.year !== undefined) item.year = media.year
	if (media.posterPath !== undefined) item.posterPath = media.posterPath
	if (media.popularity !== undefined) item.popularity = media.popularity
	return item
}

/** Records a movie's progress (state in, state out). */
export function recordMovieProgress(
	history: WatchHistory,
	media: WatchedMedia,
	progress: Progress,
	now: number = Date.now(),
): WatchHistory {
	const key = String(media.mediaId)
	const item = baseItem(history[key], 'movie', media, now)
	item.progress = sanitiseProgress(progress)
	delete item.episodes
	return { ...history, [key]: item }
}

export interface WatchedEpisode {
	id: number
	season: number
	number: number
	title: string
	seasonId: number
}

/** Records an episode's progress under s{season}e{episode} (state in, state out). */
export function recordEpisodeProgress(
	history: WatchHistory,
	media: WatchedMedia,
	episode: WatchedEpisode,
	progress: Progress,
	now: number = Date.now(),
): WatchHistory {
	const key = String(media.mediaId)
	const previous = history[key]
	const item = baseItem(previous, 'show', media, now)
	delete item.progress
	const episodes = { ...(previous?.type === 'show' ? previous.episodes : {}) }
	const episodeId = episodeKey(episode.season, episode.number)
	const updatedAt = afterRemoval(previous, Math.max(now, episodes[episodeId]?.updatedAt ?? 0))
	episodes[episodeId] = {
		id: episode.id,
		number: episode.number,
		title: episode.title,
		seasonId: episode.seasonId,
		season: episode.season,
		updatedAt,
		progress: sanitiseProgress(progress),
	}
	item.episodes = episodes
	return { ...history, [key]: item }
}

/** The latest change in a history (lastWatchHistoryUpdateTime), 0 when empty. */
export function latestHistoryChange(history: WatchHistory) {
	let latest = 0
	for (const item of Object.values(history)) {
		if (item.updatedAt > latest) latest = item.updatedAt
		for (const episode of Object.values(item.episodes ?? {})) if (episode.updatedAt > latest) latest = episode.updatedAt
	}
	return latest
}
