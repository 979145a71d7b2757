import { watchHistorySchema } from './schemas.ts'
import type { MediaType } from '../catalog/media-type.ts'
import { DEFAULT_BOOKMARK_CATEGORY, type Bookmark, type WatchHistory } from './types.ts'

// Pure load-time migrations of stored library data (product.md §3, §4).

/** Stored bookmarks must be a list; anything else is bad data to delete. */
export function isBadBookmarkData(decoded: unknown) {
	return !Array.isArray(decoded)
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

/** A time in epoch ms from a number (ms, or seconds when small) or a date string; undefined when unreadable. */
function toEpochMs(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.round(value < 1e11 ? value * 1000 : value)
	if (typeof value === 'string' && value.trim()) {
		const numeric = Number(value)
		if (Number.isFinite(numeric)) return toEpochMs(numeric)
		const parsed = Date.parse(value)
		return Number.isNaN(parsed) ? undefined : parsed
	}
	return undefined
}

function text(value: unknown, max: number) {
	return typeof value === 'string' && value.length > 0 ? value.slice(0, max) : undefined
}

export class LegacyBookmarkError extends Error {}

/**
 * Converts legacy bookmarks (an object keyed by item, each with data.id and
 * info.addedAt) into watchlist bookmarks. Display fields the old record had
 * are kept. Entries without a usable id are skipped; a value that is not an
 * object at all throws LegacyBookmarkError.
 */
export function convertLegacyBookmarks(legacy: unknown, now: number): Bookmark[] {
	const record = asRecord(legacy)
	if (!record) throw new LegacyBookmarkError('Legacy bookmarks are not an object')
	const byId = new Map<number, Bookmark>()
	for (const entry of Object.values(record)) {
		const item = asRecord(entry)
		const data = asRecord(item?.data)
		const info = asRecord(item?.info)
		const id = typeof data?.id === 'string' ? Number(data.id) : data?.id
		if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) continue
		const bookmark: Bookmark = { mediaId: id, category: DEFAULT_BOOKMARK_CATEGORY, addedAt: toEpochMs(info?.addedAt) ?? now }
		const title = text(data?.title, 500) ?? text(data?.name, 500)
		if (title) bookmark.title = title
		const type = data?.media_type ?? info?.type
		const mediaType: MediaType | undefined =
			type === 'movie' ? 'movie' : type === 'tv' || type === 'show' ? 'tv' : data?.title ? 'movie' : data?.name ? 'tv' : undefined
		if (mediaType) bookmark.mediaType = mediaType
		const poster = text(data?.poster_path, 500)
		if (poster) bookmark.posterPath = poster
		if (typeof data?.vote_average === 'number' && data.vote_average >= 0 && data.vote_average <= 10)
			bookmark.voteAverage = data.vote_average
		const date = text(data?.release_date, 32) ?? text(data?.first_air_date, 32)
		if (date) bookmark.releaseDate = date
		const existing = byId.get(id)
		if (!existing || existing.addedAt < bookmark.addedAt) byId.set(id, bookmark)
	}
	return [...byId.values()].sort((a, b) => a.addedAt - b.addedAt || a.mediaId - b.mediaId)
}

/** Appends migrated bookmarks whose (mediaId, category) pair is not already stored. */
export function mergeMigratedBookmarks(existing: readonly Bookmark[], migrated: readonly Bookmark[]): Bookmark[] {
	const have = new Set(existing.map((b) => `${b.mediaId}\u0000${b.category}`))
	return [...existing, ...migrated.filter((b) => !have.has(`${b.mediaId}\u0000${b.category}`))]
}

/**
 * Strips the legacy watch-history fields (poster, seasons, and episodes of
 * movies) and validates the rest. A legacy poster path is kept as posterPath
 * when the item has none, so cards keep their image.
 */
export function stripLegacyHistory(decoded: unknown): WatchHistory {
	const record = asRecord(decoded)
	if (!record) return {}
	const cleaned: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(record)) {
		const item = asRecord(value)
		if (!item) continue
		const { poster, seasons: _seasons, ...rest } = item
		if (rest.type === 'movie') delete rest.episodes
		if (rest.posterPath === undefined && typeof poster === 'string' && /^\/[\w.-]+\.(jpe?g|png|webp)$/i.test(poster))
			rest.posterPath = poster
		cleaned[key] = rest
	}
	return watchHistorySchema.parse(cleaned)
}
