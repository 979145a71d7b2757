import fs from 'node:fs/promises'
import path from 'node:path'
import { getDatabase } from '../../db/db.server.ts'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import { FileLock, lockIsHeld } from './cache-lock.server.ts'
import { chooseEvictions, type CacheEntry } from './cache-bound.ts'

// Keeps the media caches under DATA_DIR (hls-cache, subtitle-cache, trickplay)
// within MEDIA_CACHE_MAX_BYTES together. Any process may sweep, one at a time
// (a lock file); every ten minutes and at start. Removed thumbnails are marked
// missing in the index so the background jobs make them again when needed.

export const MEDIA_CACHE_FOLDERS = ['hls-cache', 'subtitle-cache', 'trickplay'] as const
const SWEEP_EVERY_MS = 10 * 60 * 1000

async function measure(dir: string): Promise<{ bytes: number; lastUsed: number; locked: boolean }> {
	let bytes = 0
	let lastUsed = 0
	let locked = false
	const items = await fs.readdir(dir, { withFileTypes: true }).catch(() => [])
	for (const item of items) {
		const full = path.join(dir, item.name)
		if (item.isDirectory()) {
			const inner = await measure(full)
			bytes += inner.bytes
			lastUsed = Math.max(lastUsed, inner.lastUsed)
			locked ||= inner.locked
			continue
		}
		if (item.name.endsWith('.lock') && lockIsHeld(full)) locked = true
		const stat = await fs.stat(full).catch(() => undefined)
		if (!stat) continue
		bytes += stat.size
		lastUsed = Math.max(lastUsed, stat.mtimeMs, stat.atimeMs)
	}
	return { bytes, lastUsed, locked }
}

/** Every entry of the media caches: each child of the three folders. */
export async function mediaCacheEntries(dataDir = getEnv().DATA_DIR): Promise<CacheEntry[]> {
	const entries: CacheEntry[] = []
	for (const folder of MEDIA_CACHE_FOLDERS) {
		const root = path.resolve(dataDir, folder)
		for (const item of await fs.readdir(root, { withFileTypes: true }).catch(() => [])) {
			if (item.name.endsWith('.lock') || item.name.startsWith('.')) continue
			const full = path.join(root, item.name)
			if (item.isDirectory()) entries.push({ path: full, ...(await measure(full)) })
			else {
				const stat = await fs.stat(full).catch(() => undefined)
				if (stat) entries.push({ path: full, bytes: stat.size, lastUsed: Math.max(stat.mtimeMs, stat.atimeMs), locked: false })
			}
		}
	}
	return entries
}

/** One sweep: removes what chooseEvictions picks. Returns the paths removed (empty when another process is sweeping). */
export async function sweepMediaCaches(maxBytes = getEnv().MEDIA_CACHE_MAX_BYTES, now = Date.now()): Promise<string[]> {
	const dataDir = getEnv().DATA_DIR
	await fs.mkdir(path.resolve(dataDir), { recursive: true })
	const lock = FileLock.tryAcquire(path.resolve(dataDir, 'media-cache-sweep.lock'), 'media cache sweep')
	if (!lock) return []
	try {
		const chosen = chooseEvictions(await mediaCacheEntries(dataDir), maxBytes, now)
		const trickplayRoot = path.resolve(dataDir, 'trickplay')
		for (const entry of chosen) {
			await fs.rm(entry.path, { recursive: true, force: true })
			if (entry.path.startsWith(`${trickplayRoot}${path.sep}`)) {
				// The index names the thumbnails' file: forget it so they are made again when needed.
				await getDatabase()
					.db.updateTable('media_files')
					.set({ trickplay: null })
					.where('trickplay', 'like', `${entry.path}%`)
					.execute()
					.catch(() => {})
			}
		}
		if (chosen.length > 0)
			logger.info({ removed: chosen.length, bytes: chosen.reduce((sum, entry) => sum + entry.bytes, 0) }, 'media caches trimmed')
		return chosen.map((entry) => entry.path)
	} finally {
		lock.release()
	}
}

/** Sweeps now and every ten minutes; returns a stop function. */
export function startMediaCacheSweeps(): () => void {
	const run = () => void sweepMediaCaches().catch((error: unknown) => logger.warn({ err: error }, 'media cache sweep failed'))
	const first = setTimeout(run, 5_000)
	const timer = setInterval(run, SWEEP_EVERY_MS)
	first.unref()
	timer.unref()
	return () => {
		clearTimeout(first)
		clearInterval(timer)
	}
}
