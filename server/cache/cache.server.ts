import { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'
import { getEnv } from '../env.server.ts'
import { logger } from '../logger.server.ts'

/**
 * A small key/value cache. In-process LRU on one machine; Redis when
 * REDIS_URL is set so that several app servers share one cache.
 * Values must be JSON-serialisable.
 */
export interface Cache {
	readonly kind: 'memory' | 'redis'
	get<T>(key: string): Promise<T | undefined>
	set(key: string, value: unknown, ttlMs: number): Promise<void>
	delete(key: string): Promise<void>
	close(): Promise<void>
}

/** The memory cache's default bound: catalogue answers are tens of kilobytes each. */
export const MEMORY_CACHE_MAX_BYTES = 128 * 1024 * 1024

/**
 * A per-process LRU bounded by the bytes of its values (their JSON length, an
 * estimate counted once when stored), so a few huge answers can not take the
 * process's memory the way an entry count alone would let them.
 */
export function createMemoryCache(maxBytes = MEMORY_CACHE_MAX_BYTES): Cache {
	const lru = new LRUCache<string, { value: unknown; bytes: number }>({
		maxSize: maxBytes,
		sizeCalculation: (entry) => entry.bytes,
		ttlAutopurge: false,
	})
	return {
		kind: 'memory',
		async get<T>(key: string) {
			return lru.get(key)?.value as T | undefined
		},
		async set(key, value, ttlMs) {
			const bytes = key.length + (JSON.stringify(value)?.length ?? 0) + 64
			if (bytes > maxBytes) return
			lru.set(key, { value, bytes }, { ttl: Math.max(1, Math.round(ttlMs)) })
		},
		async delete(key) {
			lru.delete(key)
		},
		async close() {
			lru.clear()
		},
	}
}

export function createRedisCache(url: string, prefix = 'willow:'): Cache {
	// Without Redis the site keeps working on a per-process memory cache: commands fail at once
	// while disconnected (no offline queue, a short timeout) instead of holding pages up, and
	// Redis is used again as soon as it is back (ioredis reconnects by itself).
	const redis = new Redis(url, {
		lazyConnect: false,
		maxRetriesPerRequest: 1,
		enableOfflineQueue: false,
		commandTimeout: 1000,
		keyPrefix: prefix,
	})
	redis.on('error', (error) => logger.warn({ err: error }, 'redis error'))
	const fallback = createMemoryCache()
	const up = () => redis.status === 'ready'
	return {
		kind: 'redis',
		async get<T>(key: string) {
			if (!up()) return fallback.get<T>(key)
			try {
				const raw = await redis.get(key)
				return raw === null ? undefined : (JSON.parse(raw) as T)
			} catch {
				return fallback.get<T>(key)
			}
		},
		async set(key, value, ttlMs) {
			if (!up()) return fallback.set(key, value, ttlMs)
			try {
				await redis.set(key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)))
			} catch {
				await fallback.set(key, value, ttlMs)
			}
		},
		async delete(key) {
			await fallback.delete(key)
			if (up()) await redis.del(key).catch(() => undefined)
		},
		async close() {
			await fallback.close()
			await redis.quit().catch(() => redis.disconnect())
		},
	}
}

interface Entry<T> {
	value: T
	/** Until this time the value is fresh; after it, it is served while refreshing. */
	freshUntil: number
}

export interface CachedOptions {
	/** How long a value is fresh. */
	ttlMs: number
	/** How long past freshness a value may still be served (while refreshing, or when the source fails). */
	staleMs?: number
}

/**
 * Read-through caching with request coalescing and stale-while-revalidate:
 * concurrent misses for one key share one call of `load`; a stale value is
 * returned at once and refreshed in the background; when `load` fails and a
 * stale value exists, the stale value is served.
 */
/** The longest a process keeps a fresh entry it read from a shared cache (decision 0029). */
export const NEAR_CACHE_MS = 60_000

export function createCachedLoader(cache: Cache) {
	const inFlight = new Map<string, Promise<unknown>>()
	// Reading Redis costs a round trip and a JSON parse of the whole value on
	// every page; entries read fresh (the home page reads a dozen lists) are kept
	// here until they stop being fresh, at most NEAR_CACHE_MS: no longer than
	// Redis itself would call them fresh, so the freshness every page promises
	// holds on every app server.
	const near = cache.kind === 'memory' ? undefined : new LRUCache<string, Entry<unknown>>({ max: 2000 })
	const keepNear = (key: string, entry: Entry<unknown>) => {
		const ttl = Math.min(NEAR_CACHE_MS, entry.freshUntil - Date.now())
		if (near && ttl > 0) near.set(key, entry, { ttl })
	}

	function refresh<T>(key: string, options: CachedOptions, load: () => Promise<T>): Promise<T> {
		const running = inFlight.get(key)
		if (running) return running as Promise<T>
		const promise = (async () => {
			try {
				const value = await load()
				const entry: Entry<T> = { value, freshUntil: Date.now() + options.ttlMs }
				await cache.set(key, entry, options.ttlMs + (options.staleMs ?? 0)).catch((error: unknown) => {
					logger.warn({ err: error, key }, 'cache write failed')
				})
				keepNear(key, entry)
				return value
			} finally {
				inFlight.delete(key)
			}
		})()
		inFlight.set(key, promise)
		return promise
	}

	async function cached<T>(key: string, options: CachedOptions, load: () => Promise<T>): Promise<T> {
		const close = near?.get(key) as Entry<T> | undefined
		if (close && close.freshUntil > Date.now()) return close.value
		const entry = await cache.get<Entry<T>>(key).catch((error: unknown) => {
			logger.warn({ err: error, key }, 'cache read failed')
			return undefined
		})
		if (entry && entry.freshUntil > Date.now()) {
			keepNear(key, entry)
			return entry.value
		}
		if (entry) {
			// Stale: answer now, refresh in the background, keep serving stale on failure.
			refresh(key, options, load).catch((error: unknown) => {
				logger.warn({ err: error, key }, 'background refresh failed; serving stale value')
			})
			return entry.value
		}
		return refresh(key, options, load)
	}

	/**
	 * The value held for `key`, fresh or stale, without loading anything: for
	 * callers that must not wait on the source (a hung add-on's manifest).
	 */
	async function peek<T>(key: string): Promise<T | undefined> {
		const close = near?.get(key) as Entry<T> | undefined
		if (close) return close.value
		const entry = await cache.get<Entry<T>>(key).catch(() => undefined)
		return entry?.value
	}

	return Object.assign(cached, { peek })
}

let shared: Cache | undefined

/** The process-wide cache, configured from the environment. */
export function getCache(): Cache {
	if (!shared) {
		const { REDIS_URL } = getEnv()
		shared = REDIS_URL ? createRedisCache(REDIS_URL) : createMemoryCache()
	}
	return shared
}

export function setCacheForTests(cache: Cache | undefined) {
	shared = cache
}

export async function closeCache() {
	const cache = shared
	shared = undefined
	await cache?.close()
}
