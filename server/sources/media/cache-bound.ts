// Which cached media entries go when the caches under DATA_DIR (HLS segments,
// extracted subtitles, trickplay) outgrow their bound (pure; the folder walk
// is in cache-bound.server.ts). An entry is one remux job's folder, one file's
// subtitles or one file's thumbnails: removed whole, least recently used first,
// never while in use.

export interface CacheEntry {
	path: string
	bytes: number
	/** Latest modification inside it (epoch ms): segments written, files read back. */
	lastUsed: number
	/** A job is writing it (its lock is held). */
	locked: boolean
}

/** Entries used this recently are someone's playback in progress: kept whatever the size. */
export const IN_USE_MS = 10 * 60 * 1000

/**
 * The entries to remove so the total falls to 90 % of `maxBytes` (nothing when
 * under the bound), oldest first, skipping locked and recently used ones.
 */
export function chooseEvictions(entries: readonly CacheEntry[], maxBytes: number, now: number): CacheEntry[] {
	let total = entries.reduce((sum, entry) => sum + entry.bytes, 0)
	if (total <= maxBytes) return []
	const target = maxBytes * 0.9
	const chosen: CacheEntry[] = []
	for (const entry of [...entries].sort((a, b) => a.lastUsed - b.lastUsed)) {
		if (total <= target) break
		if (entry.locked || now - entry.lastUsed < IN_USE_MS) continue
		chosen.push(entry)
		total -= entry.bytes
	}
	return chosen
}
