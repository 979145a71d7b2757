import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn } from '#tests/support/together-members.ts'
import { startServerProcess, type ServerProcess } from '#tests/support/servers.ts'

// The page cache in front of React Router (docs/decisions/0057-page-micro-cache.md) against
// the real production build: a burst gets one render, every response keeps its own nonce,
// signed-in pages and writes are never served from it, and random picks stay random over time.
const TTL_MS = 400
let server: ServerProcess | undefined

beforeAll(async () => {
	server = await startServerProcess({ PAGE_CACHE_MS: String(TTL_MS) })
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

interface Page {
	status: number
	hit: boolean
	html: string
	nonce: string | undefined
	encoding: string | undefined
}

function get(urlPath: string, headers: Record<string, string> = {}): Promise<Page> {
	return new Promise((resolve, reject) => {
		http
			.get(`${server!.origin}${urlPath}`, { headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => {
					const body = Buffer.concat(chunks)
					resolve({
						status: res.statusCode ?? 0,
						hit: res.headers['x-page-cache'] === 'hit',
						html: (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'),
						nonce: /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1],
						encoding: res.headers['content-encoding'],
					})
				})
			})
			.on('error', reject)
	})
}

const networkOf = (html: string) => /data-network="([^"]+)"/.exec(html)?.[1]
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('page cache', () => {
	it('gives a burst one render: the same page, gzip, each response with its own nonce in header and HTML', async () => {
		await sleep(TTL_MS + 50)
		const first = await get('/')
		const burst = await Promise.all(Array.from({ length: 8 }, () => get('/')))
		expect(first.hit).toBe(false)
		expect(burst.every((page) => page.hit)).toBe(true)
		const nonces = new Set<string>()
		for (const page of [first, ...burst]) {
			expect(page.status).toBe(200)
			expect(page.encoding).toBe('gzip')
			expect(page.nonce).toBeTruthy()
			expect(new Set([...page.html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))).toEqual(new Set([page.nonce]))
			nonces.add(page.nonce!)
			expect(page.html.replaceAll(page.nonce!, 'NONCE')).toBe(first.html.replaceAll(first.nonce!, 'NONCE'))
		}
		expect(nonces.size).toBe(9)
	}, 30_000)

	it('never serves a signed-in visitor from it, and a write empties it', async () => {
		const sam = await signedIn(server!.origin, 'Sam')
		const cookie = sam.cookie!
		await get('/movies', { cookie })
		const again = await get('/movies', { cookie })
		expect(again.hit).toBe(false)
		expect(again.html).toContain('Sam_')

		await get('/series')
		expect((await get('/series')).hit).toBe(true)
		// Any request that may change data (here a sign-in that fails).
		const write = await fetch(`${server!.origin}/api/auth/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server!.origin },
			body: JSON.stringify({ username: 'nobody', password: 'wrong password here' }),
		})
		expect(write.status).toBeGreaterThanOrEqual(400)
		expect((await get('/series')).hit).toBe(false)
	}, 30_000)

	it('keeps the home page’s starting network random from one second to the next', async () => {
		const networks = new Set<string>()
		for (let i = 0; i < 20 && networks.size < 2; i++) {
			await sleep(TTL_MS + 100)
			const page = await get('/')
			expect(page.hit).toBe(false)
			networks.add(networkOf(page.html)!)
		}
		expect(networks.size).toBeGreaterThan(1)
	}, 60_000)
})
