import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '#tests/support/servers.ts'

// The cache of rendered HTML (docs/decisions/0006-rendered-html-cache.md) against the real
// production build: responses stay per-request where they must (nonce, random picks, users).
let server: ServerProcess | undefined
let origin = ''

beforeAll(async () => {
	// The render cache alone: the page cache in front of it (decision 0057) has its own test.
	server = await startServerProcess({ PAGE_CACHE_MS: '0' })
	origin = server.origin
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

async function page(urlPath: string) {
	const response = await fetch(`${origin}${urlPath}`)
	const html = await response.text()
	const headerNonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
	const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))
	return { status: response.status, html, headerNonce, nonces }
}

describe('rendered HTML cache', () => {
	it('gives every response its own nonce, matching its CSP header, and otherwise the same HTML', async () => {
		const { results } = (await (await fetch(`${origin}/api/catalog/movie/popular`)).json()) as { results: Array<{ id: number }> }
		const movie = results[0]
		expect(movie).toBeDefined()
		const responses = []
		for (let i = 0; i < 6; i++) responses.push(await page(`/movies/${movie!.id}`))
		const seen = new Set<string>()
		for (const response of responses) {
			expect(response.status).toBe(200)
			expect(response.headerNonce).toBeTruthy()
			expect([...response.nonces]).toEqual([response.headerNonce])
			expect(seen.has(response.headerNonce!)).toBe(false)
			seen.add(response.headerNonce!)
		}
		// Without the nonce, pages with the same footer tagline are byte-identical.
		const normalized = responses.map((response) => response.html.replaceAll(response.headerNonce!, 'NONCE'))
		const tagline = (html: string) => /data-testid="footer-tagline"[^>]*>([^<]*)/.exec(html)?.[1]
		const first = normalized[0]!
		const same = normalized.filter((html) => tagline(html) === tagline(first))
		expect(new Set(same).size).toBe(1)
	}, 60_000)

	it('keeps the home page’s starting network random', async () => {
		const networks = new Set<string>()
		for (let i = 0; i < 30 && networks.size < 2; i++) {
			const { status, html } = await page('/')
			expect(status).toBe(200)
			const network = /data-network="([^"]+)"/.exec(html)?.[1]
			expect(network).toBeTruthy()
			networks.add(network!)
		}
		expect(networks.size).toBeGreaterThan(1)
	}, 60_000)

	it('compresses a first (uncached) render about as well as a cached one', async () => {
		const { results } = (await (await fetch(`${origin}/api/catalog/tv/popular`)).json()) as { results: Array<{ id: number }> }
		const compressedSize = async (urlPath: string) => {
			const response = await new Promise<{ status: number | undefined; encoding: string | undefined; bytes: number }>((resolve, reject) => {
				http
					.get(`${origin}${urlPath}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
						let bytes = 0
						res.on('data', (chunk: Buffer) => (bytes += chunk.length))
						res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], bytes }))
					})
					.on('error', reject)
			})
			expect(response.status).toBe(200)
			expect(response.encoding).toBe('gzip')
			expect(response.bytes).toBeGreaterThan(5_000)
			return response.bytes
		}
		const urlPath = `/series/${results[1]!.id}`
		const first = await compressedSize(urlPath)
		const cached = await compressedSize(urlPath)
		// Flushing the compressor after each of React's small chunks made first renders ~4× larger.
		expect(first).toBeLessThan(cached * 1.3)
	}, 30_000)
})
