import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'

// Wire and storage shapes of the synced library (the model is
// app/lib/library/types.ts). The server validates every request with these;
// the device uses them to read what it stored.

export const MAX_SYNC_BOOKMARKS = 10_000
export const MAX_SYNC_HISTORY_ITEMS = 10_000
export const MAX_EPISODES_PER_ITEM = 2_000
/** Epoch milliseconds; 0 to year 2200. */
const time = lazyObject(() => z.number().int().min(0).max(7_258_118_400_000))
/** The largest media id: PostgreSQL's integer columns stop here (SQLite would take more, so check before either). */
export const MAX_MEDIA_ID = 2_147_483_647
const mediaId = lazyObject(() => z.number().int().positive().max(MAX_MEDIA_ID))
const shortText = (max: number) => z.string().max(max)

export const CategorySchema = lazyObject(() =>
	z.string().trim().min(1, 'Category must not be empty').max(64, 'Category must be at most 64 characters'),
)

export const BookmarkSchema = lazyObject(() =>
	z.object({
		mediaId,
		category: CategorySchema,
		addedAt: time,
		mediaType: z.enum(['movie', 'tv']).optional(),
		title: shortText(500).optional(),
		posterPath: shortText(500).nullable().optional(),
		voteAverage: z.number().min(0).max(10).optional(),
		releaseDate: shortText(32).optional(),
	}),
)

export const BookmarkTombstoneSchema = lazyObject(() =>
	z.object({
		mediaId,
		category: CategorySchema,
		deletedAt: time,
	}),
)

const ProgressSchema = lazyObject(() =>
	z.object({
		watched: z.number().min(0).max(1_000_000),
		duration: z.number().min(0).max(1_000_000),
	}),
)

export const EpisodeKeySchema = lazyObject(() => z.string().regex(/^s\d{1,4}e\d{1,5}$/, 'Episode keys look like s1e2'))

export const EpisodeProgressSchema = lazyObject(() =>
	z.object({
		id: z.number().int().min(0),
		number: z.number().int().min(0).max(100_000),
		title: shortText(500),
		seasonId: z.number().int().min(0),
		season: z.number().int().min(0).max(10_000),
		updatedAt: time,
		progress: ProgressSchema,
	}),
)

export const WatchHistoryItemSchema = lazyObject(() =>
	z.object({
		type: z.enum(['movie', 'show']),
		title: shortText(500),
		year: z.number().int().min(0).max(3000).optional(),
		posterPath: shortText(500).nullable().optional(),
		popularity: z.number().min(0).optional(),
		updatedAt: time,
		progress: ProgressSchema.optional(),
		episodes: z
			.record(EpisodeKeySchema, EpisodeProgressSchema)
			.refine((episodes) => Object.keys(episodes).length <= MAX_EPISODES_PER_ITEM, `At most ${MAX_EPISODES_PER_ITEM} episodes per item`)
			.optional(),
		/** Set when the visitor removed the title from their history (see removeHistoryItem). */
		removedAt: time.optional(),
	}),
)

export const MediaIdKeySchema = lazyObject(() =>
	z
		.string()
		.regex(/^[1-9]\d{0,9}$/, 'Watch-history keys are numeric media ids')
		.refine((key) => Number(key) <= MAX_MEDIA_ID, `Watch-history keys are media ids up to ${MAX_MEDIA_ID}`),
)

export const WatchHistorySchema = lazyObject(() =>
	z
		.record(MediaIdKeySchema, WatchHistoryItemSchema)
		.refine(
			(items) => Object.keys(items).length <= MAX_SYNC_HISTORY_ITEMS,
			`At most ${MAX_SYNC_HISTORY_ITEMS} watch-history items per sync`,
		),
)

/**
 * Set by a device that sends its whole library and merges the answer into it:
 * the answer then holds only what the device lacks. Without it (older
 * clients) the answer is the whole merged state.
 */
const changesOnly = lazyObject(() => z.boolean().optional())

export const BookmarkSyncRequestSchema = lazyObject(() =>
	z.object({
		bookmarks: z.array(BookmarkSchema).max(MAX_SYNC_BOOKMARKS, `At most ${MAX_SYNC_BOOKMARKS} bookmarks per sync`),
		tombstones: z
			.array(BookmarkTombstoneSchema)
			.max(MAX_SYNC_BOOKMARKS, `At most ${MAX_SYNC_BOOKMARKS} removed bookmarks per sync`)
			.default([]),
		updatedAt: time.optional(),
		changesOnly,
	}),
)

export const WatchHistorySyncRequestSchema = lazyObject(() =>
	z.object({
		items: WatchHistorySchema,
		updatedAt: time.optional(),
		changesOnly,
	}),
)

export type BookmarkSyncRequest = z.infer<typeof BookmarkSyncRequestSchema>
