import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createCachedLoader, createMemoryCache, createRedisCache, type Cache } from './cache.server.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

const makers: Array<[string, () => Cache]> = [
	['memory', () => createMemoryCache()],
	// A random prefix per run keeps parallel runs apart on one Redis.
	['redis', () => createRedisCache(REDIS_URL, `willow-test:${crypto.randomUUID()}:`)],
]

describe.each(makers)('%s cache', (_kind, make) => {
	const cache = make()
	afterAll(() => cache.close())

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
