import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'
import {
	BookmarkSchema,
	BookmarkTombstoneSchema,
	CategorySchema,
	EpisodeKeySchema,
	EpisodeProgressSchema,
	MediaIdKeySchema,
	WatchHistoryItemSchema,
} from '#app/lib/sync/schemas.ts'
import type { Bookmark, BookmarkTombstone, EpisodeProgress, WatchHistory, WatchHistoryItem } from './types.ts'

// How the device reads its library. The record shapes are the sync's wire
// schemas (app/lib/sync/schemas.ts), so whatever the device keeps the server
// accepts. Collections are parsed leniently: a malformed record is dropped
// instead of throwing away the whole list, so one bad write never costs the rest.

export const bookmarkSchema = BookmarkSchema satisfies z.ZodType<Bookmark>
export const bookmarkTombstoneSchema = BookmarkTombstoneSchema satisfies z.ZodType<BookmarkTombstone>
export const categoryNameSchema = CategorySchema

/** Keys of a show's episodes: s{season}e{episode}. */
export const EPISODE_KEY_PATTERN = /^s(\d{1,4})e(\d{1,5})$/

// Older records lack the season number; it is derived from the key.
const storedEpisodeSchema = lazyObject(() => EpisodeProgressSchema.extend({ season: EpisodeProgressSchema.shape.season.optional() }))
const storedItemSchema = lazyObject(() => WatchHistoryItemSchema.extend({ episodes: z.record(z.string(), z.unknown()).optional() }))

/** Validates one history item; invalid episodes are dropped, a movie keeps no episodes. */
export function parseWatchHistoryItem(value: unknown): WatchHistoryItem | null {
	const result = storedItemSchema.safeParse(value)
	if (!result.success) return null
	const { episodes, ...fields } = result.data
	const item: WatchHistoryItem = fields
	if (episodes && fields.type === 'show') {
		const parsed: Record<string, EpisodeProgress> = {}
		for (const [key, raw] of Object.entries(episodes)) {
			const match = EPISODE_KEY_PATTERN.exec(key)
			const episode = storedEpisodeSchema.safeParse(raw)
			if (!match || !EpisodeKeySchema.safeParse(key).success || !episode.success) continue
			parsed[key] = { ...episode.data, season: episode.data.season ?? Number(match[1]) }
		}
		if (Object.keys(parsed).length > 0) item.episodes = parsed
	}
	// A movie keeps no episodes (legacy data had them); `item` never copied them.
	return item
}

const pairKey = (item: { mediaId: number; category: string }) => `${item.mediaId}\u0000${item.category}`

/** A list of `item`s; malformed entries are dropped, a repeated (mediaId, category) pair keeps the copy with the latest `time`. */
function latestPerPair<T extends { mediaId: number; category: string }>(item: z.ZodType<T>, time: (entry: T) => number) {
	return z.array(z.unknown()).transform((entries): T[] => {
		const byPair = new Map<string, T>()
		for (const entry of entries) {
			const result = item.safeParse(entry)
			if (!result.success) continue
			const key = pairKey(result.data)
			const existing = byPair.get(key)
			if (!existing || time(existing) < time(result.data)) byPair.set(key, result.data)
		}
		return [...byPair.values()]
	})
}

/** A list of bookmarks; malformed entries are dropped, a repeated (mediaId, category) pair keeps its newest copy. */
export const bookmarkListSchema = lazyObject(() => latestPerPair<Bookmark>(bookmarkSchema, (bookmark) => bookmark.addedAt))

/** Removed bookmarks; one per pair, the latest removal kept. */
export const tombstoneListSchema = lazyObject(() =>
	latestPerPair<BookmarkTombstone>(bookmarkTombstoneSchema, (tombstone) => tombstone.deletedAt),
)

/** Watch history keyed by numeric media id; malformed items are dropped. */
export const watchHistorySchema = lazyObject(() =>
	z.record(z.string(), z.unknown()).transform((entries): WatchHistory => {
		const out: WatchHistory = {}
		for (const [key, raw] of Object.entries(entries)) {
			if (!MediaIdKeySchema.safeParse(key).success) continue
			const item = parseWatchHistoryItem(raw)
			if (item) out[key] = item
		}
		return out
	}),
)

/** Custom category names, trimmed, without duplicates. */
export const customCategoriesSchema = lazyObject(() =>
	z.array(z.unknown()).transform((entries): string[] => {
		const out: string[] = []
		for (const entry of entries) {
			const result = categoryNameSchema.safeParse(entry)
			if (result.success && !out.includes(result.data)) out.push(result.data)
		}
		return out
	}),
)
