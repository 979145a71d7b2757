import crypto from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCachedLoader, createMemoryCache, createRedisCache, type Cache } from './cache.server.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
// A random prefix per run keeps parallel runs apart on one Redis.
const REDIS_PREFIX = `willow-test:${crypto.randomUUID()}:`

/**
 * Waits until `cache` writes to Redis itself, seen through a second client: the Redis cache
 * falls back to memory while disconnected, so without this wait (and with Redis down) every test
 * below would pass on the fallback.
 */
async function waitForRedis(cache: Cache, reader: Redis) {
	const deadline = Date.now() + 10_000
	while (Date.now() < deadline) {
		await cache.set('connected', true, 60_000)
		if ((await reader.get(`${REDIS_PREFIX}connected`).catch(() => null)) === 'true') return
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error(`The Redis cache never wrote to ${REDIS_URL}: is Redis running?`)
}

/** A second client, as another app server would hold; its connection errors surface as waitForRedis's error. */
function otherServer() {
	const reader = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
	reader.on('error', () => undefined)
	return reader
}

const makers: Array<[string, () => Cache]> = [
	['memory', () => createMemoryCache()],
	['redis', () => createRedisCache(REDIS_URL, REDIS_PREFIX)],
]

describe.each(makers)('%s cache', (kind, make) => {
	const cache = make()
	const reader = kind === 'redis' ? otherServer() : undefined
	beforeAll(async () => {
		if (reader) await waitForRedis(cache, reader)
	})
	afterAll(async () => {
		await cache.close()
		await reader?.quit()
	})
	it('stores, reads and deletes JSON values', async () => {
		await cache.set('a', { n: 1, list: [1, 2] }, 10_000)
		expect(await cache.get('a')).toEqual({ n: 1, list: [1, 2] })
		await cache.delete('a')
		expect(await cache.get('a')).toBeUndefined()
	})

	it('expires values after their time to live', async () => {
		await cache.set('short', 'x', 30)
		await new Promise((r) => setTimeout(r, 80))
		expect(await cache.get('short')).toBeUndefined()
	})

	it('coalesces concurrent misses into one load', async () => {
		const cached = createCachedLoader(cache)
		let calls = 0
		const load = async () => {
			calls++
			await new Promise((r) => setTimeout(r, 30))
			return 'value'
		}
		const results = await Promise.all(Array.from({ length: 100 }, () => cached('coalesce', { ttlMs: 5_000 }, load)))
		expect(results.every((r) => r === 'value')).toBe(true)
		expect(calls).toBe(1)
	})

	it('serves a stale value at once and when the source fails', async () => {
		const cached = createCachedLoader(cache)
		expect(await cached('stale', { ttlMs: 20, staleMs: 60_000 }, async () => 'first')).toBe('first')
		await new Promise((r) => setTimeout(r, 40))
		// Stale: answered from cache even though the source is down.
		expect(await cached('stale', { ttlMs: 20, staleMs: 60_000 }, async () => Promise.reject(new Error('down')))).toBe('first')
		// And refreshed in the background when the source is back.
		expect(await cached('stale', { ttlMs: 20, staleMs: 60_000 }, async () => 'second')).toBe('first')
		await new Promise((r) => setTimeout(r, 20))
		expect(await cached('stale', { ttlMs: 60_000 }, async () => 'third')).toBe('second')
	})

	it('peeks at a held value, fresh or stale, and never loads', async () => {
		const cached = createCachedLoader(cache)
		expect(await cached.peek('peeked')).toBeUndefined()
		const pending = cached(
			'peeked',
			{ ttlMs: 20, staleMs: 60_000 },
			() => new Promise<string>((resolve) => setTimeout(resolve, 30, 'loaded')),
		)
		// A load under way is not waited for.
		expect(await cached.peek('peeked')).toBeUndefined()
		await pending
		expect(await cached.peek('peeked')).toBe('loaded')
		await new Promise((r) => setTimeout(r, 40))
		expect(await cached.peek('peeked')).toBe('loaded')
	})
})

describe('redis cache', () => {
	const cache = createRedisCache(REDIS_URL, REDIS_PREFIX)
	const reader = otherServer()
	beforeAll(() => waitForRedis(cache, reader))
	afterAll(async () => {
		await cache.close()
		await reader.quit()
	})

	it('keeps its values in Redis, where another app server reads them, with their time to live', async () => {
		await cache.set('shared', { page: 'home', rows: [1, 2, 3] }, 30_000)
		expect(JSON.parse((await reader.get(`${REDIS_PREFIX}shared`)) ?? 'null')).toEqual({ page: 'home', rows: [1, 2, 3] })
		const ttl = await reader.pttl(`${REDIS_PREFIX}shared`)
		expect(ttl).toBeGreaterThan(25_000)
		expect(ttl).toBeLessThanOrEqual(30_000)
		// Written by another server: this one reads it from Redis, not from its own memory.
		await reader.set(`${REDIS_PREFIX}from-elsewhere`, JSON.stringify({ by: 'another server' }), 'PX', 30_000)
		expect(await cache.get('from-elsewhere')).toEqual({ by: 'another server' })
		await cache.delete('shared')
		expect(await reader.exists(`${REDIS_PREFIX}shared`)).toBe(0)
		// Removed in Redis by another server: gone here too (no copy kept in the memory fallback).
		await cache.set('evicted', 'x', 30_000)
		await reader.del(`${REDIS_PREFIX}evicted`)
		expect(await cache.get('evicted')).toBeUndefined()
	})
})

describe('memory cache bound', () => {
	it('keeps its values under a byte bound, dropping the least recently used, and skips a value bigger than the bound', async () => {
		const cache = createMemoryCache(2_000)
		const value = (n: number) => ({ n, text: 'x'.repeat(500) })
		for (let n = 0; n < 3; n++) await cache.set(`k${n}`, value(n), 60_000)
		await cache.get('k0')
		for (let n = 3; n < 5; n++) await cache.set(`k${n}`, value(n), 60_000)
		const kept = []
		for (let n = 0; n < 5; n++) if (await cache.get(`k${n}`)) kept.push(n)
		expect(kept.length).toBeLessThanOrEqual(3)
		expect(kept).toContain(0)
		expect(kept).toContain(4)
		expect(kept).not.toContain(1)
		await cache.set('huge', { text: 'x'.repeat(5_000) }, 60_000)
		expect(await cache.get('huge')).toBeUndefined()
	})
})
