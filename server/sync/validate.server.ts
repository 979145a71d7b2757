import { z } from 'zod'
import {
	BookmarkSchema,
	BookmarkTombstoneSchema,
	MAX_MEDIA_ID,
	MediaIdKeySchema,
	WatchHistoryItemSchema,
	type BookmarkSyncRequestSchema,
	type WatchHistorySyncRequestSchema,
} from '#app/lib/sync/schemas.ts'

// A quick check of sync bodies of the usual shape, done before zod: a
// device sends its whole library (1,000 bookmarks, 500 items with their
// episodes), and zod took a fifth of such a sync's time to accept it. The
// check accepts only bodies zod would accept and return unchanged (no
// unknown keys to strip, no category to trim, no default to fill), with the
// same limits as app/lib/sync/schemas.ts. Anything else, valid or not, goes to
// zod, which decides and words the 400. The tests hold the two together.

type BookmarkSyncRequest = z.output<typeof BookmarkSyncRequestSchema>
type WatchHistorySyncRequest = z.output<typeof WatchHistorySyncRequestSchema>

const MAX_TIME = 7_258_118_400_000
const MAX_ITEMS = 10_000
const MAX_EPISODES = 2_000
const MEDIA_ID_KEY = /^[1-9]\d{0,9}$/
const EPISODE_KEY = /^s\d{1,4}e\d{1,5}$/

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const isInt = (value: unknown, min: number, max: number) =>
	Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
const isNumber = (value: unknown, min: number, max: number) =>
	typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
const isTime = (value: unknown) => isInt(value, 0, MAX_TIME)
const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max
const isMediaId = (value: unknown) => isInt(value, 1, MAX_MEDIA_ID)
const isMediaIdKey = (key: string) => MEDIA_ID_KEY.test(key) && Number(key) <= MAX_MEDIA_ID
/** Trimmed already (zod would trim it), 1 to 64 characters. */
const isCategory = (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= 64 && value.trim() === value

/** Every key of `value` is one of `allowed` (zod strips any other, so it must answer). */
function onlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>) {
	for (const key in value) if (!allowed.has(key)) return false
	return true
}

const BOOKMARK_KEYS = new Set(['mediaId', 'category', 'addedAt', 'mediaType', 'title', 'posterPath', 'voteAverage', 'releaseDate'])
const TOMBSTONE_KEYS = new Set(['mediaId', 'category', 'deletedAt'])
const BOOKMARK_REQUEST_KEYS = new Set(['bookmarks', 'tombstones', 'updatedAt', 'changesOnly'])
const HISTORY_REQUEST_KEYS = new Set(['items', 'updatedAt', 'changesOnly'])
const ITEM_KEYS = new Set(['type', 'title', 'year', 'posterPath', 'popularity', 'updatedAt', 'progress', 'episodes', 'removedAt'])
const EPISODE_KEYS = new Set(['id', 'number', 'title', 'seasonId', 'season', 'updatedAt', 'progress'])
const PROGRESS_KEYS = new Set(['watched', 'duration'])

function isBookmark(value: unknown) {
	if (!isObject(value) || !onlyKeys(value, BOOKMARK_KEYS)) return false
	const { mediaType, title, posterPath, voteAverage, releaseDate } = value
	return (
		isMediaId(value.mediaId) &&
		isCategory(value.category) &&
		isTime(value.addedAt) &&
		(mediaType === undefined || mediaType === 'movie' || mediaType === 'tv') &&
		(title === undefined || isText(title, 500)) &&
		(posterPath === undefined || posterPath === null || isText(posterPath, 500)) &&
		(voteAverage === undefined || isNumber(voteAverage, 0, 10)) &&
		(releaseDate === undefined || isText(releaseDate, 32))
	)
}

function isTombstone(value: unknown) {
	return (
		isObject(value) && onlyKeys(value, TOMBSTONE_KEYS) && isMediaId(value.mediaId) && isCategory(value.category) && isTime(value.deletedAt)
	)
}

function isProgress(value: unknown) {
	return (
		isObject(value) && onlyKeys(value, PROGRESS_KEYS) && isNumber(value.watched, 0, 1_000_000) && isNumber(value.duration, 0, 1_000_000)
	)
}

function isEpisode(value: unknown) {
	return (
		isObject(value) &&
		onlyKeys(value, EPISODE_KEYS) &&
		isInt(value.id, 0, Number.MAX_SAFE_INTEGER) &&
		isInt(value.number, 0, 100_000) &&
		isText(value.title, 500) &&
		isInt(value.seasonId, 0, Number.MAX_SAFE_INTEGER) &&
		isInt(value.season, 0, 10_000) &&
		isTime(value.updatedAt) &&
		isProgress(value.progress)
	)
}

function isItem(value: unknown) {
	if (!isObject(value) || !onlyKeys(value, ITEM_KEYS)) return false
	const { year, posterPath, popularity, progress, episodes, removedAt } = value
	if (!(value.type === 'movie' || value.type === 'show') || !isText(value.title, 500) || !isTime(value.updatedAt)) return false
	if (!(year === undefined || isInt(year, 0, 3000))) return false
	if (!(posterPath === undefined || posterPath === null || isText(posterPath, 500))) return false
	if (!(popularity === undefined || isNumber(popularity, 0, Number.MAX_VALUE))) return false
	if (!(progress === undefined || isProgress(progress)) || !(removedAt === undefined || isTime(removedAt))) return false
	if (episodes === undefined) return true
	if (!isObject(episodes)) return false
	let count = 0
	for (const key in episodes) {
		if (++count > MAX_EPISODES || !EPISODE_KEY.test(key) || !isEpisode(episodes[key])) return false
	}
	return true
}

/** The body as zod would return it, when it has the usual shape; otherwise undefined (ask zod). */
export function quickBookmarkSyncRequest(body: unknown): BookmarkSyncRequest | undefined {
	if (!isObject(body) || !onlyKeys(body, BOOKMARK_REQUEST_KEYS)) return undefined
	const { bookmarks, tombstones = [], updatedAt, changesOnly } = body
	if (!Array.isArray(bookmarks) || !Array.isArray(tombstones) || bookmarks.length > MAX_ITEMS || tombstones.length > MAX_ITEMS)
		return undefined
	if (!(updatedAt === undefined || isTime(updatedAt)) || !(changesOnly === undefined || typeof changesOnly === 'boolean')) return undefined
	for (const bookmark of bookmarks) if (!isBookmark(bookmark)) return undefined
	for (const tombstone of tombstones) if (!isTombstone(tombstone)) return undefined
	// Absent tombstones get zod's default.
	return (body.tombstones === undefined ? { ...body, tombstones } : body) as BookmarkSyncRequest
}

/** The body as zod would return it, when it has the usual shape; otherwise undefined (ask zod). */
export function quickWatchHistorySyncRequest(body: unknown): WatchHistorySyncRequest | undefined {
	if (!isObject(body) || !onlyKeys(body, HISTORY_REQUEST_KEYS)) return undefined
	const { items, updatedAt, changesOnly } = body
	if (
		!isObject(items) ||
		!(updatedAt === undefined || isTime(updatedAt)) ||
		!(changesOnly === undefined || typeof changesOnly === 'boolean')
	)
		return undefined
	let count = 0
	for (const key in items) {
		if (++count > MAX_ITEMS || !isMediaIdKey(key) || !isItem(items[key])) return undefined
	}
	return body as WatchHistorySyncRequest
}

// ---- one bad record is skipped, not the whole batch -------------------------
// A body that fails the quick check and zod is read record by record: the
// envelope must be right (else 400), each record that zod refuses is left out
// and named in the answer's `skipped`, and the rest is merged. A device
// holding one record the server no longer accepts would otherwise be unable
// to sync ever again.

export interface SkippedRecord {
	/** Index in bookmarks / tombstones, or key in items. */
	kind: 'bookmark' | 'tombstone' | 'item'
	at: number | string
	error: string
}

function issueText(error: z.ZodError) {
	const issue = error.issues[0]
	const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
	return `${where}${issue?.message ?? 'Invalid record'}`
}

const BookmarkEnvelopeSchema = z.object({
	bookmarks: z.array(z.unknown()).max(MAX_ITEMS, `At most ${MAX_ITEMS} bookmarks per sync`),
	// Over the cap, only the newest are kept (see capBookmarkState): never a reason to refuse the sync.
	tombstones: z.array(z.unknown()).default([]),
	updatedAt: z.unknown().optional(),
	changesOnly: z.boolean().optional(),
})

const HistoryEnvelopeSchema = z.object({
	items: z
		.record(z.string(), z.unknown())
		.refine((items) => Object.keys(items).length <= MAX_ITEMS, `At most ${MAX_ITEMS} watch-history items per sync`),
	updatedAt: z.unknown().optional(),
	changesOnly: z.boolean().optional(),
})

/** The valid records of a bookmark sync body and the skipped ones; undefined when the envelope itself is wrong (ask zod for the 400). */
export function lenientBookmarkSyncRequest(body: unknown): { request: BookmarkSyncRequest; skipped: SkippedRecord[] } | undefined {
	const envelope = BookmarkEnvelopeSchema.safeParse(body)
	if (!envelope.success) return undefined
	const skipped: SkippedRecord[] = []
	const bookmarks: BookmarkSyncRequest['bookmarks'] = []
	envelope.data.bookmarks.forEach((value, at) => {
		const parsed = BookmarkSchema.safeParse(value)
		if (parsed.success) bookmarks.push(parsed.data)
		else skipped.push({ kind: 'bookmark', at, error: issueText(parsed.error) })
	})
	const tombstones: BookmarkSyncRequest['tombstones'] = []
	envelope.data.tombstones.forEach((value, at) => {
		const parsed = BookmarkTombstoneSchema.safeParse(value)
		if (parsed.success) tombstones.push(parsed.data)
		else skipped.push({ kind: 'tombstone', at, error: issueText(parsed.error) })
	})
	return { request: { bookmarks, tombstones, changesOnly: envelope.data.changesOnly }, skipped }
}

/** The valid items of a watch-history sync body and the skipped ones; undefined when the envelope itself is wrong. */
export function lenientWatchHistorySyncRequest(body: unknown): { request: WatchHistorySyncRequest; skipped: SkippedRecord[] } | undefined {
	const envelope = HistoryEnvelopeSchema.safeParse(body)
	if (!envelope.success) return undefined
	const skipped: SkippedRecord[] = []
	const items: WatchHistorySyncRequest['items'] = {}
	for (const [key, value] of Object.entries(envelope.data.items)) {
		const parsedKey = MediaIdKeySchema.safeParse(key)
		const parsed = WatchHistoryItemSchema.safeParse(value)
		if (parsedKey.success && parsed.success) items[key] = parsed.data
		else
			skipped.push({
				kind: 'item',
				at: key,
				error: parsedKey.success ? issueText(parsed.error!) : issueText(parsedKey.error),
			})
	}
	return { request: { items, changesOnly: envelope.data.changesOnly }, skipped }
}
