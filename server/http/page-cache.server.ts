import type { Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { SESSION_COOKIE } from '../auth/session.server.ts'
import { joinWithNonce, splitAtNonce } from './nonce-parts.ts'
import { deflateParts, splicedGzip } from './spliced-gzip.ts'

declare module 'express-serve-static-core' {
	interface Locals {
		/** Set when this response's page must not be kept (a render that failed after its first bytes). */
		keepOutOfPageCache?: boolean
	}
}

/**
 * A one-second cache of whole anonymous pages in front of React Router
 * (docs/decisions/0057-page-micro-cache.md).
 *
 * A burst of visitors asking for the same page (a link shared, 50 connections
 * in `bench:pages`) would each run the loaders, React Router's data encoding,
 * the render cache's key and the compression. Within `ttlMs` of a page being
 * served, the same request (URL, host, crawler or person, cookies) gets the same
 * bytes with its own CSP nonce spliced in, gzip compressed once per page
 * (`spliced-gzip.ts`). Once a page expires, one request renders it again while
 * the others still get it (for `refreshMs` at most), so a burst never renders a
 * page once per connection. Signed-in requests never use it; any request that may
 * change data (not GET, HEAD or OPTIONS) empties it, when it starts and when it
 * ends, and a page rendered across such a request is not kept.
 */

interface StoredPage {
	/** Headers the page's render set (content type, cache control, route headers). */
	headers: Array<[string, string | number | string[]]>
	/** The HTML cut at its nonce. */
	parts: Buffer[]
	/** The parts' deflate data, made at the first hit. */
	deflated?: Buffer[]
	storedAt: number
}

export interface PageCacheOptions {
	ttlMs?: number
	/** Total HTML held, in bytes. */
	maxBytes?: number
	/** Pages larger than this are not kept. */
	maxPageBytes?: number
	/** How long an expired page may still be served while one request renders it again. */
	refreshMs?: number
	now?: () => number
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Made per response by compression or by this cache. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'vary'])

function pageKey(req: Request): string | undefined {
	if (req.method !== 'GET') return undefined
	const cookie = req.headers.cookie ?? ''
	// Either session cookie name (the __Host- one contains it): the page may be someone's own.
	if (cookie.includes(`${SESSION_COOKIE}=`)) return undefined
	const userAgent = req.headers['user-agent']
	const reader = userAgent && isbot(userAgent) ? 'crawler' : 'person'
	return `${req.protocol}://${req.headers.host ?? ''}${req.originalUrl}\n${reader}\n${cookie}`
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
	if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
	if (chunk instanceof Uint8Array) return Buffer.from(chunk)
	return undefined
}

export function createPageCache({
	ttlMs = 1_000,
	maxBytes = 16 * 1024 * 1024,
	maxPageBytes = 2 * 1024 * 1024,
	refreshMs = 5_000,
	now = Date.now,
}: PageCacheOptions = {}) {
	const pages = new LRUCache<string, StoredPage>({
		maxSize: maxBytes,
		// The deflate data made later is about a sixth of the HTML.
		sizeCalculation: (page) => Math.max(1, Math.ceil(page.parts.reduce((sum, part) => sum + part.length, 0) * 1.2)),
		ttl: ttlMs + refreshMs,
	})
	// Keys being rendered again after their page expired: one request renders, the others get the
	// expired page meanwhile (a burst would otherwise render it once per connection, every ttlMs).
	const refreshing = new Set<string>()
	// Bumped by every clear: a page whose render began before it is not kept.
	let generation = 0
	const clear = () => {
		generation++
		pages.clear()
	}

	function serve(req: Request, res: Response, page: StoredPage, nonce: string) {
		for (const [name, value] of page.headers) res.setHeader(name, value)
		res.vary('Accept-Encoding')
		let body: Buffer
		if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
			page.deflated ??= deflateParts(page.parts)
			body = splicedGzip(page.parts, page.deflated, Buffer.from(nonce))
			// Already encoded: the compression middleware passes it on as it is.
			res.setHeader('Content-Encoding', 'gzip')
		} else {
			body = joinWithNonce(page.parts, nonce)
		}
		res.setHeader('Content-Length', body.length)
		// For operators and tests: this response did not run the page's loaders or render.
		res.setHeader('X-Page-Cache', 'hit')
		res.status(200).end(body)
	}

	function capture(res: Response, key: string, nonce: string) {
		const startedIn = generation
		const headersBefore = new Set(res.getHeaderNames())
		const chunks: Buffer[] = []
		let bytes = 0
		const keep = (chunk: unknown, encoding: unknown) => {
			if (bytes > maxPageBytes) return
			const buffer = asBuffer(chunk, encoding)
			if (!buffer) return
			bytes += buffer.length
			chunks.push(buffer)
		}
		refreshing.add(key)
		res.once('close', () => refreshing.delete(key))
		const write = res.write
		const end = res.end
		res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
			keep(chunk, rest[0])
			return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
		} as typeof res.write
		res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
			if (typeof chunk !== 'function') keep(chunk, rest[0])
			return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest)
		} as typeof res.end
		res.on('finish', () => {
			if (generation !== startedIn || bytes > maxPageBytes || res.locals.keepOutOfPageCache || res.statusCode !== 200) return
			if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return
			if (res.getHeader('set-cookie') !== undefined) return
			if (/\b(?:no-store|private)\b/i.test(String(res.getHeader('cache-control') ?? ''))) return
			const headers: StoredPage['headers'] = []
			for (const name of res.getHeaderNames()) {
				const value = res.getHeader(name)
				if (value !== undefined && !headersBefore.has(name) && !NOT_REPLAYED.has(name)) headers.push([name, value])
			}
			pages.set(key, { headers, parts: splitAtNonce(Buffer.concat(chunks), nonce), storedAt: now() })
		})
	}

	/** Serves a kept page, or keeps the page this request renders. Mount after compression, just before the pages. */
	const middleware: RequestHandler = (req, res, next) => {
		const nonce = res.locals.cspNonce
		const key = nonce ? pageKey(req) : undefined
		if (!key) return next()
		const page = pages.get(key)
		if (page && (now() - page.storedAt < ttlMs || refreshing.has(key))) return serve(req, res, page, nonce)
		capture(res, key, nonce)
		next()
	}

	/** Empties the cache when a request that may change data starts and when it ends. Mount first. */
	const clearOnWrites: RequestHandler = (req, res, next) => {
		if (!SAFE_METHODS.has(req.method)) {
			clear()
			// 'close' follows 'finish', and comes alone for a request the client abandoned.
			res.once('close', clear)
		}
		next()
	}

	return { middleware, clearOnWrites }
}
