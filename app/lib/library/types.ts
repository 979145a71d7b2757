// The library data model, shared by the device (issue: library) and the
// account sync (issue: accounts). One model on both sides; every record
// carries the times a merge needs.

import type { MediaType } from '../catalog/media-type.ts'

export const DEFAULT_BOOKMARK_CATEGORIES = ['watchlist', 'watched', 'favorites'] as const
export const DEFAULT_BOOKMARK_CATEGORY = 'watchlist'

/** A bookmark (product.md §3): mediaId, category, addedAt, plus display fields cached for offline pages. */
export interface Bookmark {
	mediaId: number
	category: string
	/** Epoch milliseconds. Re-adding refreshes it. */
	addedAt: number
	mediaType?: MediaType
	title?: string
	posterPath?: string | null
	voteAverage?: number
	releaseDate?: string
}

/** A removed bookmark, kept so sync propagates the deletion instead of resurrecting it. */
export interface BookmarkTombstone {
	mediaId: number
	category: string
	/** Epoch milliseconds of the removal. */
	deletedAt: number
}

export interface Progress {
	/** Seconds watched. */
	watched: number
	/** Seconds in total. */
	duration: number
}

export interface EpisodeProgress {
	id: number
	number: number
	title: string
	seasonId: number
	/** Season number, for next-episode computation. */
	season: number
	updatedAt: number
	progress: Progress
}

/** One watch-history item (device key media-tracking), keyed by numeric media id. */
export interface WatchHistoryItem {
	type: 'movie' | 'show'
	title: string
	year?: number
	posterPath?: string | null
	popularity?: number
	updatedAt: number
	/** Movies only. */
	progress?: Progress
	/** Shows only, keyed s{season}e{episode}. */
	episodes?: Record<string, EpisodeProgress>
	/**
	 * When the visitor removed the title from their history (epoch ms). Kept as a
	 * field (not a deletion) so sync carries the removal to other devices; progress
	 * recorded later brings the title back without what came before.
	 */
	removedAt?: number
}

export type WatchHistory = Record<string, WatchHistoryItem>

/** The device's bookmark state: live bookmarks plus removals remembered for sync. */
export interface BookmarkState {
	bookmarks: Bookmark[]
	tombstones: BookmarkTombstone[]
}

/** The minimal media info the bookmark controls need (what a card or detail page has at hand). */
export interface BookmarkMedia {
	mediaId: number
	mediaType: MediaType
	title: string
	posterPath?: string | null
	voteAverage?: number
	releaseDate?: string
}
