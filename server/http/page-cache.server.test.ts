import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { createPageCache, type PageCacheOptions } from './page-cache.server.ts'

/**
 * The cache between compression and a stand-in for React Router: a page that
 * streams its HTML in pieces with the response's nonce in it, as entry.server does.
 */
async function site(options: PageCacheOptions = {}) {
	const cache = createPageCache(options)
	const app = express()
	const renders: string[] = []
	let releaseSlow: (() => void) | undefined
	let holdNext = false
	app.use((_req, res, next) => {
		res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
		res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce}'`)
		next()
	})
	app.use(cache.clearOnWrites)
	app.post('/api/write', (_req, res) => {
		res.json({ ok: true })
	})
	app.use(compression({ level: 1, threshold: 0 }))
	app.use(cache.middleware)
	app.get(/.*/, async (req, res) => {
		renders.push(req.originalUrl)
		const nonce = res.locals.cspNonce
		const status = Number(req.query.status ?? 200)
		res.status(status)
		res.setHeader('Content-Type', 'text/html; charset=utf-8')
		res.setHeader('X-Route', 'page')
		if (req.query.cacheControl) res.setHeader('Cache-Control', String(req.query.cacheControl))
		if (req.query.setCookie) res.setHeader('Set-Cookie', 'theme=dark')
		res.write(`<!DOCTYPE html><html><head><style nonce="${nonce}">${'.a{color:red}'.repeat(300)}</style></head><body>`)
		if (req.query.slow || holdNext) {
			holdNext = false
			await new Promise<void>((resolve) => (releaseSlow = resolve))
		}
		res.write(`<p>render ${renders.length} of ${req.path}</p>`)
		if (req.query.fail) res.locals.keepOutOfPageCache = true
		res.end(`<script nonce="${nonce}">1</script></body></html>`)
	})
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const port = () => (server.address() as AddressInfo).port
	close = () => server.close()
	return {
		cache,
		renders,
		port,
		release: () => releaseSlow?.(),
		/** The next render waits for release(). */
		holdNextRender: () => {
			holdNext = true
		},
	}
}

let close: (() => void) | undefined
afterEach(() => close?.())

interface Answer {
	status: number
	headers: http.IncomingHttpHeaders
	html: string
}

function request(port: number, path: string, { method = 'GET', headers = {} as Record<string, string> } = {}): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const req = http.request({ host: '127.0.0.1', port, path, method, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () => {
				const body = Buffer.concat(chunks)
				const html = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8')
				resolve({ status: res.statusCode ?? 0, headers: res.headers, html })
			})
		})
		req.on('error', reject)
		req.end()
	})
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1]!
/** The page as it must read with this response's nonce, whichever render it came from. */
function expectOwnNonce(answer: Answer) {
	const nonce = nonceOf(answer)
	const inHtml = [...answer.html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
	expect(inHtml).toEqual([nonce, nonce])
}

describe('page cache', () => {
	it('serves the same page again without rendering, each response with its own nonce, gzip made once', async () => {
		const { port, renders } = await site()
		const first = await request(port(), '/movies')
		expect(first.headers['x-page-cache']).toBeUndefined()
		const again = await Promise.all([request(port(), '/movies'), request(port(), '/movies'), request(port(), '/movies')])
		expect(renders).toEqual(['/movies'])
		for (const answer of [first, ...again]) {
			expect(answer.status).toBe(200)
			expectOwnNonce(answer)
			expect(answer.html).toContain('<p>render 1 of /movies</p>')
		}
		expect(new Set([first, ...again].map(nonceOf)).size).toBe(4)
		// The render's own headers come back; compression's are made anew.
		for (const answer of again) {
			expect(answer.headers['content-encoding']).toBe('gzip')
			expect(answer.headers['x-route']).toBe('page')
			expect(answer.headers['x-page-cache']).toBe('hit')
			expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
			expect(answer.headers.vary).toBe('Accept-Encoding')
			expect(Number(answer.headers['content-length'])).toBeGreaterThan(0)
		}
	})

	it('a client without gzip gets the plain page; another URL, cookie or a crawler is another page', async () => {
		const { port, renders } = await site()
		await request(port(), '/movies')
		const plain = await request(port(), '/movies', { headers: { 'accept-encoding': 'identity' } })
		expect(plain.headers['content-encoding']).toBeUndefined()
		expectOwnNonce(plain)
		await request(port(), '/movies?page=2')
		await request(port(), '/movies', { headers: { cookie: 'willow_test_switch=1' } })
		await request(port(), '/movies', {
			headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
		})
		await request(port(), '/movies', { headers: { host: 'other.example' } })
		expect(renders).toEqual(['/movies', '/movies?page=2', '/movies', '/movies', '/movies'])
	})

	it('never for a signed-in request, under either session cookie name', async () => {
		const { port, renders } = await site()
		for (const cookie of ['willow_session=abc', 'theme=dark; __Host-willow_session=abc']) {
			await request(port(), '/movies', { headers: { cookie } })
			await request(port(), '/movies', { headers: { cookie } })
		}
		expect(renders).toHaveLength(4)
	})

	it('keeps no error page, no page that sets a cookie or is private, and no render that failed late', async () => {
		const { port, renders } = await site()
		const paths = ['/x?status=404', '/x?setCookie=1', '/x?cacheControl=private%2C%20no-store', '/x?cacheControl=no-store', '/x?fail=1']
		for (const path of paths) {
			await request(port(), path)
			await request(port(), path)
		}
		expect(renders).toEqual(paths.flatMap((path) => [path, path]))
		// A public cache-control is kept and given again.
		await request(port(), '/x?cacheControl=public%2C%20max-age%3D60')
		const hit = await request(port(), '/x?cacheControl=public%2C%20max-age%3D60')
		expect(hit.headers['cache-control']).toBe('public, max-age=60')
		expect(renders).toHaveLength(paths.length * 2 + 1)
	})

	it('a request that may change data empties it, and a render under way across it is not kept', async () => {
		const { port, renders, release } = await site()
		await request(port(), '/movies')
		await request(port(), '/api/write', { method: 'POST' })
		await request(port(), '/movies')
		expect(renders).toEqual(['/movies', '/movies'])
		// Rendering while a write happens: its page may hold the data from before the write.
		const slow = request(port(), '/slow?slow=1')
		await expect.poll(() => renders.length).toBe(3)
		await request(port(), '/api/write', { method: 'POST' })
		release()
		await slow
		// Rendered again: the page from across the write was not kept.
		const again = request(port(), '/slow?slow=1')
		await expect.poll(() => renders.length).toBe(4)
		release()
		await again
	})

	it('a page lives for ttlMs only', async () => {
		const { port, renders } = await site({ ttlMs: 80 })
		await request(port(), '/movies')
		await request(port(), '/movies')
		expect(renders).toHaveLength(1)
		await new Promise((resolve) => setTimeout(resolve, 150))
		await request(port(), '/movies')
		expect(renders).toHaveLength(2)
	})

	it('once expired, one request renders the page again while the others get the expired one', async () => {
		const { port, renders, release, holdNextRender } = await site({ ttlMs: 80 })
		await request(port(), '/movies')
		await new Promise((resolve) => setTimeout(resolve, 150))
		holdNextRender()
		const refresh = request(port(), '/movies')
		await expect.poll(() => renders.length).toBe(2)
		const meanwhile = await Promise.all([request(port(), '/movies'), request(port(), '/movies')])
		for (const answer of meanwhile) {
			expect(answer.html).toContain('<p>render 1 of /movies</p>')
			expectOwnNonce(answer)
		}
		release()
		expect((await refresh).html).toContain('<p>render 2 of /movies</p>')
		expect((await request(port(), '/movies')).html).toContain('<p>render 2 of /movies</p>')
		expect(renders).toHaveLength(2)
	})

	it('a page larger than maxPageBytes is not kept', async () => {
		const { port, renders } = await site({ maxPageBytes: 1000 })
		await request(port(), '/movies')
		await request(port(), '/movies')
		expect(renders).toHaveLength(2)
	})
})
