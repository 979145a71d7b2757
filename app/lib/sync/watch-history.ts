import type { EpisodeProgress, WatchHistory, WatchHistoryItem } from '../library/types.ts'
import { canonicalJson, compareText } from './canonical.ts'

/** Item fields without the episodes, as stored in one row. */
export type WatchItemFields = Omit<WatchHistoryItem, 'episodes'>

function laterOf<T extends { updatedAt: number }>(a: T, b: T): T {
	if (a === b) return a
	if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? a : b
	// Same time, different content: the canonical JSON decides, identically everywhere.
	return compareText(canonicalJson(a), canonicalJson(b)) >= 0 ? a : b
}

export function splitWatchItem(item: WatchHistoryItem): { fields: WatchItemFields; episodes: Record<string, EpisodeProgress> | undefined } {
	const { episodes, ...fields } = item
	return { fields, episodes }
}

/**
 * Merges one item (product.md §4): the item's own fields come from the copy with the
 * larger updatedAt, and every episode independently keeps its own latest copy,
 * so progress on different episodes from two devices is all kept.
 */
export function mergeWatchItems(a: WatchHistoryItem, b: WatchHistoryItem): WatchHistoryItem {
	const left = splitWatchItem(a)
	const right = splitWatchItem(b)
	const fields = laterOf(left.fields, right.fields)
	const episodes: Record<string, EpisodeProgress> = { ...left.episodes }
	for (const [key, episode] of Object.entries(right.episodes ?? {})) {
		const current = episodes[key]
		episodes[key] = current ? laterOf(current, episode) : episode
	}
	// No episodes and an empty record mean the same; keep one form.
	return Object.keys(episodes).length === 0 ? { ...fields } : { ...fields, episodes: sortRecord(episodes) }
}

function sortRecord<T>(record: Record<string, T>): Record<string, T> {
	return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareText(a, b)))
}

/** Merges whole histories item by item. Commutative, associative and idempotent. */
export function mergeWatchHistories(...histories: WatchHistory[]): WatchHistory {
	const merged: WatchHistory = {}
	for (const history of histories) {
		for (const [id, item] of Object.entries(history)) {
			const current = merged[id]
			merged[id] = current ? mergeWatchItems(current, item) : mergeWatchItems(item, item)
		}
	}
	return sortRecord(merged)
}

/** The latest change in a history (product.md's lastWatchHistoryUpdateTime), 0 when empty. */
export function watchHistoryUpdatedAt(history: WatchHistory): number {
	let latest = 0
	for (const item of Object.values(history)) {
		latest = Math.max(latest, item.updatedAt)
		for (const episode of Object.values(item.episodes ?? {})) latest = Math.max(latest, episode.updatedAt)
	}
	return latest
}

/**
 * What a device that sent `sent` lacks of the merged history `merged`: the
 * items whose fields it did not send as they are, and per item the episodes
 * it did not send as they are (an item answered for its episodes comes with
 * its fields, as the shape requires). Merging this into the device's history
 * gives the same as merging the whole of `merged`.
 */
export function watchHistoryChangesFor(merged: WatchHistory, sent: WatchHistory): WatchHistory {
	const same = (a: object | undefined, b: object) => a !== undefined && canonicalJson(a) === canonicalJson(b)
	const lacking: WatchHistory = {}
	for (const [id, item] of Object.entries(merged)) {
		const { fields, episodes } = splitWatchItem(item)
		const copy = sent[id] ? splitWatchItem(sent[id]) : undefined
		const missing = Object.entries(episodes ?? {}).filter(([key, episode]) => !same(copy?.episodes?.[key], episode))
		if (missing.length === 0 && same(copy?.fields, fields)) continue
		lacking[id] = missing.length > 0 ? { ...fields, episodes: Object.fromEntries(missing) } : { ...fields }
	}
	return lacking
}
