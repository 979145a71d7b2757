import type { BookmarkState, WatchHistory, WatchHistoryItem } from '../library/types.ts'

// The account's clock bounds the times devices send: a record dated in the
// future (a device whose clock runs ahead, or a crafted request) would
// otherwise win every merge until that date. Times are clamped to the
// server's time plus a small skew for ordinary clock drift.

/** How far ahead of the server's clock a device's time may be. */
export const SYNC_CLOCK_SKEW_MS = 5 * 60_000

/** The latest time a sync accepts at server time `now`. */
export function latestAcceptedTime(now: number) {
	return now + SYNC_CLOCK_SKEW_MS
}

/** The state with every time above `latest` set to `latest`; the same object when none is. */
export function clampBookmarkTimes(state: BookmarkState, latest: number): BookmarkState {
	const future = state.bookmarks.some((b) => b.addedAt > latest) || state.tombstones.some((t) => t.deletedAt > latest)
	if (!future) return state
	return {
		bookmarks: state.bookmarks.map((b) => (b.addedAt > latest ? { ...b, addedAt: latest } : b)),
		tombstones: state.tombstones.map((t) => (t.deletedAt > latest ? { ...t, deletedAt: latest } : t)),
	}
}

function clampItem(item: WatchHistoryItem, latest: number): WatchHistoryItem {
	let out = item
	if (item.updatedAt > latest) out = { ...out, updatedAt: latest }
	if (item.removedAt !== undefined && item.removedAt > latest) out = { ...out, removedAt: latest }
	if (item.episodes && Object.values(item.episodes).some((episode) => episode.updatedAt > latest)) {
		const episodes = Object.fromEntries(
			Object.entries(item.episodes).map(([key, episode]) => [
				key,
				episode.updatedAt > latest ? { ...episode, updatedAt: latest } : episode,
			]),
		)
		out = { ...out, episodes }
	}
	return out
}

/** The history with every time above `latest` set to `latest`; the same object when none is. */
export function clampHistoryTimes(history: WatchHistory, latest: number): WatchHistory {
	let out: WatchHistory | undefined
	for (const [key, item] of Object.entries(history)) {
		const clamped = clampItem(item, latest)
		if (clamped === item) continue
		out ??= { ...history }
		out[key] = clamped
	}
	return out ?? history
}
