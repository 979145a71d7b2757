import type { DatabaseHandle } from '../db/db.server.ts'
import type { SyncKind } from './revisions.server.ts'

/**
 * The stored rows of recently synced users, per database and kind, tagged
 * with the revision they are the state of. Every change to these rows raises
 * the revision in the same transaction (writeAndBump), so under the user's
 * sync lock a snapshot whose revision equals the locked one is exactly what
 * the tables hold, and the sync skips reading them again (for 1,000
 * bookmarks, the largest part of the server's own work). Any other revision
 * (another process or machine wrote) means a fresh read. A sync takes the snapshot out while it runs and puts
 * the new one back only after commit, so a rolled-back sync leaves none.
 */
const snapshots = new WeakMap<DatabaseHandle, { entries: Map<string, { revision: number; size: number; rows: unknown }>; rows: number }>()
/** About 50 MB of rows at most, whatever the number of users. */
const SNAPSHOT_ROWS = 200_000

function snapshotsOf(handle: DatabaseHandle) {
	let cache = snapshots.get(handle)
	if (!cache) snapshots.set(handle, (cache = { entries: new Map(), rows: 0 }))
	return cache
}

export function takeSnapshot<T>(handle: DatabaseHandle, kind: SyncKind, userId: string, revision: number): T | undefined {
	const cache = snapshotsOf(handle)
	const key = `${kind}:${userId}`
	const entry = cache.entries.get(key)
	if (!entry) return undefined
	cache.entries.delete(key)
	cache.rows -= entry.size
	return entry.revision === revision ? (entry.rows as T) : undefined
}

export function keepSnapshot(handle: DatabaseHandle, kind: SyncKind, userId: string, revision: number, rows: unknown, size: number) {
	const cache = snapshotsOf(handle)
	takeSnapshot(handle, kind, userId, Number.NaN)
	if (size > SNAPSHOT_ROWS / 10) return
	cache.entries.set(`${kind}:${userId}`, { revision, size, rows })
	cache.rows += size
	// The least recently synced users go first.
	for (const [oldest, entry] of cache.entries) {
		if (cache.rows <= SNAPSHOT_ROWS) break
		cache.entries.delete(oldest)
		cache.rows -= entry.size
	}
}

export function forgetSnapshots(handle: DatabaseHandle, userId: string) {
	for (const kind of ['bookmarks', 'history'] as const) takeSnapshot(handle, kind, userId, Number.NaN)
}
