import { describe, expect, it } from 'vitest'
import { createRenderCache, renderKey, settleDeferred, type RenderInput } from './render-cache.server.ts'

const base: RenderInput = {
	url: 'http://localhost/',
	status: 200,
	mode: 'onShellReady',
	handoff: '{"basename":"/"}',
	loaderData: { root: { user: null, taglineIndex: 1 }, 'routes/home': { network: 'netflix', items: [1, 2] } },
	actionData: null,
	errors: null,
}

describe('renderKey', () => {
	it('is stable for the same inputs and changes with each of them', () => {
		const key = renderKey(base)
		expect(key).toBeDefined()
		expect(renderKey(structuredClone(base))).toBe(key)
		const variants: RenderInput[] = [
			{ ...base, url: 'http://localhost/?page=2' },
			{ ...base, url: 'http://example.com/' },
			{ ...base, mode: 'onAllReady' },
			{ ...base, handoff: '{"basename":"/x"}' },
			{ ...base, loaderData: { root: { user: { id: 'u1' }, taglineIndex: 1 }, 'routes/home': { network: 'netflix', items: [1, 2] } } },
			{ ...base, loaderData: { root: { user: null, taglineIndex: 0 }, 'routes/home': { network: 'netflix', items: [1, 2] } } },
			{ ...base, loaderData: { root: { user: null, taglineIndex: 1 }, 'routes/home': { network: 'hbo', items: [1, 2] } } },
		]
		const keys = new Set(variants.map((input) => renderKey(input)))
		expect(keys.size).toBe(variants.length)
		expect(keys.has(key)).toBe(false)
	})

	it('tells apart what plain JSON would merge', () => {
		const date = new Date('2026-01-02T03:04:05.000Z')
		const pairs: Array<[unknown, unknown]> = [
			[{ a: undefined }, {}],
			[{ a: date }, { a: date.toISOString() }],
			[[undefined], [null]],
			[{ a: Number.NaN }, { a: null }],
		]
		for (const [left, right] of pairs) {
			expect(renderKey({ ...base, loaderData: left })).not.toBe(renderKey({ ...base, loaderData: right }))
		}
	})

	it('refuses renders that must not be cached', () => {
		expect(renderKey({ ...base, status: 404 })).toBeUndefined()
		expect(renderKey({ ...base, errors: { root: new Error('boom') } })).toBeUndefined()
		expect(renderKey({ ...base, actionData: { 'routes/login': { ok: true } } })).toBeUndefined()
		// Streamed (deferred) data, class instances and strings that could forge a marker.
		expect(renderKey({ ...base, loaderData: { a: Promise.resolve(1) } })).toBeUndefined()
		expect(renderKey({ ...base, loaderData: { a: new Map() } })).toBeUndefined()
		expect(renderKey({ ...base, loaderData: { a: 1n } })).toBeUndefined()
		expect(renderKey({ ...base, loaderData: { a: '\u0000undefined' } })).toBeUndefined()
	})
})

describe('settleDeferred', () => {
	const deferred = (rows: unknown) => ({ root: { user: null }, 'routes/series': { popular: [1], trending: rows } })

	it('keys a page whose deferred rows have resolved by what they resolved to (issue 27: /series was rendered on every request)', async () => {
		const key = renderKey({ ...base, loaderData: await settleDeferred(deferred(Promise.resolve([2, 3]))) })
		expect(key).toBeDefined()
		expect(renderKey({ ...base, loaderData: await settleDeferred(deferred(Promise.resolve([2, 3]))) })).toBe(key)
		// Near misses: other rows, or the rows as plain data rather than a deferred value.
		expect(renderKey({ ...base, loaderData: await settleDeferred(deferred(Promise.resolve([2, 4]))) })).not.toBe(key)
		expect(renderKey({ ...base, loaderData: await settleDeferred(deferred([2, 3])) })).not.toBe(key)
	})

	it('leaves a page uncached when a deferred value fails or is still pending after the wait', async () => {
		const failed = Promise.reject(new Error('catalogue down'))
		failed.catch(() => {})
		expect(renderKey({ ...base, loaderData: await settleDeferred(deferred(failed)) })).toBeUndefined()
		const slow = new Promise((resolve) => setTimeout(() => resolve([2]), 200))
		const started = Date.now()
		expect(renderKey({ ...base, loaderData: await settleDeferred(deferred(slow), 20) })).toBeUndefined()
		expect(Date.now() - started).toBeLessThan(150)
	})
})

describe('createRenderCache', () => {
	const html = '<script nonce="N0nce+/abcdefghij==">x</script><link nonce="N0nce+/abcdefghij=="/>'

	it('serves stored HTML with each response’s own nonce', () => {
		const cache = createRenderCache()
		expect(cache.get('k', 'other')).toBeUndefined()
		cache.set('k', html, 'N0nce+/abcdefghij==')
		const served = cache.get('k', 'Fresh/Nonce+123456==')?.toString('utf8')
		expect(served).toBe('<script nonce="Fresh/Nonce+123456==">x</script><link nonce="Fresh/Nonce+123456=="/>')
		expect(served).not.toContain('N0nce')
	})

	it('keeps text outside ASCII intact around the nonce', () => {
		const cache = createRenderCache()
		cache.set('k', Buffer.from('<p>Pokémon ★ 名探偵</p><script nonce="N0nce+/abcdefghij==">“x”</script>'), 'N0nce+/abcdefghij==')
		expect(cache.get('k', 'Fresh/Nonce+123456==')?.toString('utf8')).toBe(
			'<p>Pokémon ★ 名探偵</p><script nonce="Fresh/Nonce+123456==">“x”</script>',
		)
	})

	it('stores nothing without a real nonce to replace', () => {
		const cache = createRenderCache()
		cache.set('k', html, '')
		expect(cache.get('k', 'Fresh/Nonce+123456==')).toBeUndefined()
	})

	it('forgets entries after the TTL and when over its size', async () => {
		const shortLived = createRenderCache({ ttlMs: 20 })
		shortLived.set('k', html, 'N0nce+/abcdefghij==')
		await new Promise((resolve) => setTimeout(resolve, 40))
		expect(shortLived.get('k', 'Fresh/Nonce+123456==')).toBeUndefined()

		// Room for two entries (the size counts the UTF-8 bytes of the HTML without its nonces).
		const entryBytes = Buffer.byteLength(html) - 2 * 'N0nce+/abcdefghij=='.length
		const small = createRenderCache({ maxBytes: entryBytes * 2 + 1 })
		small.set('a', html, 'N0nce+/abcdefghij==')
		small.set('b', html, 'N0nce+/abcdefghij==')
		small.set('c', html, 'N0nce+/abcdefghij==')
		expect(small.size).toBe(2)
		expect(small.get('a', 'x'.repeat(16))).toBeUndefined()
		expect(small.get('c', 'x'.repeat(16))).toBeDefined()
	})

	it('lets concurrent requests wait for a render under way', async () => {
		const cache = createRenderCache()
		expect(cache.wait('k', 'Fresh/Nonce+123456==')).toBeUndefined()
		const flight = cache.begin('k')
		const waiting = cache.wait('k', 'Fresh/Nonce+123456==')
		expect(waiting).toBeDefined()
		flight.done(html, 'N0nce+/abcdefghij==')
		flight.fail()
		expect((await waiting)?.toString('utf8')).toBe('<script nonce="Fresh/Nonce+123456==">x</script><link nonce="Fresh/Nonce+123456=="/>')
		expect(cache.wait('k', 'x'.repeat(16))).toBeUndefined()
		expect(cache.get('k', 'x'.repeat(16))).toBeDefined()
	})

	it('releases waiters when the render fails or takes too long', async () => {
		const cache = createRenderCache({ waitMs: 20 })
		const failing = cache.begin('a')
		const waitingForFailure = cache.wait('a', 'x'.repeat(16))
		failing.fail()
		expect(await waitingForFailure).toBeUndefined()
		expect(cache.get('a', 'x'.repeat(16))).toBeUndefined()

		const slow = cache.begin('b')
		expect(await cache.wait('b', 'x'.repeat(16))).toBeUndefined()
		// A render finishing after the wait gave up is still stored.
		slow.done(html, 'N0nce+/abcdefghij==')
		expect(cache.get('b', 'x'.repeat(16))).toBeDefined()
	})
})
