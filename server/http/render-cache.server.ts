import crypto from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { joinWithNonce, splitAtNonce } from './nonce-parts.ts'

/**
 * A short-lived cache of rendered page HTML (docs/decisions/0006-rendered-html-cache.md).
 *
 * The key is everything the HTML is a function of: the URL, the status, how
 * the document is streamed, the build's handoff and the exact loader data of
 * every route (user, random picks, catalogue data included). Two requests with
 * the same key render the same bytes except for the CSP nonce, which is cut out
 * when storing and filled in with each response's own nonce when serving.
 */

export interface RenderInput {
	url: string
	status: number
	/** 'onAllReady' for crawlers, 'onShellReady' for people. */
	mode: string
	/** React Router's serialized handoff (manifest, flags): constant for one build. */
	handoff: string | undefined
	loaderData: unknown
	actionData: unknown
	errors: unknown
}

class Uncacheable extends Error {}

/**
 * JSON of loader data that tells apart what JSON alone would merge
 * (undefined vs missing, a Date vs its ISO string). Values the HTML stream
 * encodes specially and JSON cannot (promises, maps, class instances…) make
 * the data uncacheable: the key returns undefined.
 */
function exactJson(value: unknown): string | undefined {
	try {
		return JSON.stringify(value, function (this: Record<string, unknown>, key: string, replaced: unknown) {
			const raw = key === '' ? value : this[key]
			if (raw === undefined) return '\u0000undefined'
			if (raw instanceof Date) return `\u0000date:${String(replaced)}`
			if (typeof raw === 'string' && raw.startsWith('\u0000')) throw new Uncacheable()
			if (typeof raw === 'number' && !Number.isFinite(raw)) return `\u0000${String(raw)}`
			if (typeof raw === 'bigint' || typeof raw === 'function' || typeof raw === 'symbol') throw new Uncacheable()
			if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
				const proto = Object.getPrototypeOf(raw) as unknown
				if (proto !== Object.prototype && proto !== null) throw new Uncacheable()
			}
			return replaced
		})
	} catch (error) {
		if (error instanceof Uncacheable) return undefined
		throw error
	}
}

/** Marks a deferred value that had settled before the key was made (a key name, so loader data cannot forge it). */
const SETTLED = '\u0000settled'

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
}

/**
 * Loader data with its deferred values (the promises a route returns at the
 * top level of its data, streamed into the page) replaced by what they
 * resolved to, when they all resolve within `waitMs`; otherwise the data as
 * it was (a key is then not made: the page streams, uncached). Pages with
 * deferred rows (/movies, /series) were rendered in full on every request,
 * the slowest tail at 50 connections (issue 27); their promises come from the
 * page-data cache and are almost always settled at once.
 */
export async function settleDeferred(loaderData: unknown, waitMs = 25): Promise<unknown> {
	if (loaderData === null || typeof loaderData !== 'object') return loaderData
	const pending: Array<PromiseLike<unknown>> = []
	for (const routeData of Object.values(loaderData as Record<string, unknown>)) {
		if (routeData === null || typeof routeData !== 'object' || Array.isArray(routeData)) continue
		for (const value of Object.values(routeData as Record<string, unknown>)) if (isThenable(value)) pending.push(value)
	}
	if (pending.length === 0) return loaderData
	let timer: ReturnType<typeof setTimeout> | undefined
	const timedOut = new Promise<'timeout'>((resolve) => {
		timer = setTimeout(() => resolve('timeout'), waitMs)
	})
	const settled = await Promise.race([Promise.allSettled(pending), timedOut])
	clearTimeout(timer)
	if (settled === 'timeout' || settled.some((result) => result.status === 'rejected')) return loaderData
	const values = new Map(pending.map((promise, i) => [promise, (settled[i] as PromiseFulfilledResult<unknown>).value]))
	const copy: Record<string, unknown> = {}
	for (const [routeId, routeData] of Object.entries(loaderData as Record<string, unknown>)) {
		if (routeData === null || typeof routeData !== 'object' || Array.isArray(routeData)) {
			copy[routeId] = routeData
			continue
		}
		const entries = Object.entries(routeData as Record<string, unknown>).map(([key, value]) =>
			isThenable(value) ? [key, { [SETTLED]: values.get(value) }] : [key, value],
		)
		copy[routeId] = Object.fromEntries(entries)
	}
	return copy
}

/** The cache key of a render, or undefined when this render must not be cached. */
export function renderKey(input: RenderInput): string | undefined {
	if (input.status !== 200 || input.errors || input.actionData) return undefined
	const data = exactJson(input.loaderData)
	if (data === undefined) return undefined
	return crypto
		.createHash('sha256')
		.update(input.url)
		.update('\u0000')
		.update(String(input.status))
		.update('\u0000')
		.update(input.mode)
		.update('\u0000')
		.update(input.handoff ?? '')
		.update('\u0000')
		.update(data)
		.digest('base64url')
}

export interface RenderCacheOptions {
	/** Total HTML held, in bytes. */
	maxBytes?: number
	ttlMs?: number
	/** How long requests wait for a render of the same key already under way before rendering themselves. */
	waitMs?: number
}

export function createRenderCache({ maxBytes = 32 * 1024 * 1024, ttlMs = 5 * 60_000, waitMs = 6_000 }: RenderCacheOptions = {}) {
	// The HTML's UTF-8 bytes split at every occurrence of the nonce it was rendered with:
	// a hit only copies bytes around the new nonce (no string joining or re-encoding).
	const lru = new LRUCache<string, Buffer[]>({
		maxSize: maxBytes,
		sizeCalculation: (parts) =>
			Math.max(
				1,
				parts.reduce((sum, part) => sum + part.length, 0),
			),
		ttl: ttlMs,
	})
	// Renders under way: concurrent requests for one key wait for the first instead of rendering again.
	const inFlight = new Map<string, Promise<Buffer[] | undefined>>()

	function store(key: string, html: Buffer | string, nonce: string): Buffer[] | undefined {
		if (!nonce || nonce.length < 16) return undefined
		const parts = splitAtNonce(typeof html === 'string' ? Buffer.from(html) : html, nonce)
		lru.set(key, parts)
		return parts
	}

	return {
		/** The cached HTML (UTF-8) for this key with `nonce` in place, or undefined. */
		get(key: string, nonce: string): Buffer | undefined {
			const parts = lru.get(key)
			return parts && joinWithNonce(parts, nonce)
		},
		/** Stores HTML rendered with `nonce`. Without a nonce nothing is stored: it could not be replaced. */
		set(key: string, html: Buffer | string, nonce: string) {
			store(key, html, nonce)
		},
		/**
		 * When a render of this key is under way, resolves to its HTML with `nonce`
		 * in place (undefined if it fails or takes longer than waitMs); otherwise undefined.
		 */
		wait(key: string, nonce: string): Promise<Buffer | undefined> | undefined {
			return inFlight.get(key)?.then((parts) => parts && joinWithNonce(parts, nonce))
		},
		/** Announces a render of this key; exactly one of done or fail settles it (later calls do nothing). */
		begin(key: string) {
			let settle: (parts: Buffer[] | undefined) => void = () => {}
			const promise = new Promise<Buffer[] | undefined>((resolve) => {
				settle = resolve
			})
			let settled = false
			const finish = (parts: Buffer[] | undefined) => {
				if (settled) return
				settled = true
				clearTimeout(timer)
				if (inFlight.get(key) === promise) inFlight.delete(key)
				settle(parts)
			}
			const timer = setTimeout(() => finish(undefined), waitMs)
			timer.unref()
			if (!inFlight.has(key)) inFlight.set(key, promise)
			return {
				done(html: Buffer | string, nonce: string) {
					finish(store(key, html, nonce))
				},
				fail() {
					finish(undefined)
				},
			}
		},
		clear() {
			lru.clear()
		},
		get size() {
			return lru.size
		},
	}
}

export type RenderCache = ReturnType<typeof createRenderCache>
