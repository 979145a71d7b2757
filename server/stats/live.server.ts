import { summarizeWatchRows, type LiveStatsResult } from '#app/lib/stats/live.ts'
import { getCache } from '../cache/cache.server.ts'
import type { DatabaseHandle } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'

// The live stats page (STATS_SOURCE=live): the accounts' synced watch history,
// summed by app/lib/stats/live.ts (privacy floor included) and cached, so a
// busy page does not read every history on each request.

const CACHE_KEY = 'stats:live:v1'

export async function readLiveStats(handle: DatabaseHandle, now = Date.now()): Promise<LiveStatsResult> {
	const [items, episodes] = await Promise.all([
		handle.db.selectFrom('user_watch_items').select(['user_id', 'media_id', 'updated_at', 'data']).execute(),
		handle.db.selectFrom('user_watch_episodes').select(['user_id', 'media_id', 'updated_at', 'data']).execute(),
	])
	const rows = (list: typeof items) =>
		list.map((row) => ({ userId: row.user_id, mediaId: Number(row.media_id), updatedAt: Number(row.updated_at), data: row.data }))
	return summarizeWatchRows(rows(items), rows(episodes), now)
}

export async function cachedLiveStats(handle: DatabaseHandle): Promise<LiveStatsResult> {
	const ttlMs = getEnv().STATS_CACHE_SECONDS * 1000
	if (ttlMs === 0) return readLiveStats(handle)
	const cache = getCache()
	const cached = await cache.get<LiveStatsResult>(CACHE_KEY).catch(() => undefined)
	if (cached) return cached
	const fresh = await readLiveStats(handle)
	await cache.set(CACHE_KEY, fresh, ttlMs).catch(() => undefined)
	return fresh
}
