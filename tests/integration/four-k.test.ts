import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '#tests/support/api-test-client.ts'
import { resetEnvForTests } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { FOURK_TOKEN_REASON } from '#app/lib/sources/reasons.ts'
import { FOURK_THROTTLE, SUBMIT_FAILED_TEXT, testTitle } from '#server/sources/token/api.server.ts'
import { startReferenceService, type RunningReferenceService } from '#server/sources/token/reference-service.ts'
import { createTokenSource, tokenSource } from '#server/sources/token/token-source.server.ts'
import type { LookupContext, ScrapeRequest } from '#server/sources/types.ts'
import { useApiOnTestDatabase } from '#tests/support/api.ts'

// The 4K token service end to end on 127.0.0.1: the reference service (real
// files in a temporary folder), a misbehaving fake (401, malformed, slow,
// oversized, redirecting), the token source's lookups and /api/fourk.

const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${crypto.randomBytes(40).toString('base64url')}`
const FIGHT_CLUB: ScrapeRequest = { type: 'movie', title: 'Fight Club', releaseYear: 1999, tmdbId: 550, imdbId: 'tt0137523' }
const GOT_S1E2: ScrapeRequest = {
	type: 'show',
	title: 'Game of Thrones',
	releaseYear: 2011,
	tmdbId: 1399,
	imdbId: 'tt0944947',
	season: { number: 1, tmdbId: 3624 },
	episode: { number: 2, tmdbId: 63057 },
}

let mediaDir: string
let reference: RunningReferenceService
let fake: { url: string; close(): Promise<void> }
const MP4_BYTES = crypto.randomBytes(64 * 1024)

function lookupContext(overrides: Partial<LookupContext> = {}): LookupContext {
	return { signal: new AbortController().signal, user: null, uiToken: TOKEN, clientKey: 'test', ...overrides }
}

/** A signer that records what the stream proxy would be asked to fetch. */
function recordingSigner() {
	const targets: URL[] = []
	return {
		targets,
		sign: async (upstream: URL) => {
			targets.push(upstream)
			return `/api/stream/proxy/test-${targets.length - 1}`
		},
	}
}

/** Answers for the fake: each path prefix misbehaves in its own way. */
function startFakeService(): Promise<{ url: string; close(): Promise<void> }> {
	const server = http.createServer((req, res) => {
		const [, mode] = (req.url ?? '').split('/')
		switch (mode) {
			case 'unauthorized':
				res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"nope"}')
				return
			case 'forbidden':
				res.writeHead(403).end()
				return
			case 'not-json':
				res.writeHead(200, { 'content-type': 'application/json' }).end('<html>surprise</html>')
				return
			case 'wrong-shape':
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ streams: [{ url: 42, type: 'dash' }] }))
				return
			case 'empty':
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ streams: [] }))
				return
			case 'file-urls':
				res
					.writeHead(200, { 'content-type': 'application/json' })
					.end(JSON.stringify({ streams: [{ url: 'file:///etc/passwd', type: 'mp4', quality: '4k' }] }))
				return
			case 'huge':
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ streams: [], padding: 'x'.repeat(600 * 1024) }))
				return
			case 'redirect':
				res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end()
				return
			case 'error':
				res.writeHead(500).end('boom')
				return
			case 'slow':
				// Never answers; the caller's timeout must end the wait.
				return
			default:
				res.writeHead(404).end()
		}
	})
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo
			resolve({
				url: `http://127.0.0.1:${port}`,
				close: () =>
					new Promise<void>((done) => {
						server.closeAllConnections()
						server.close(() => done())
					}),
			})
		})
	})
}

beforeAll(async () => {
	mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-fourk-'))
	fs.writeFileSync(path.join(mediaDir, 'movie-550.2160p.mp4'), MP4_BYTES)
	fs.writeFileSync(path.join(mediaDir, 'movie-550.1080p.mp4'), MP4_BYTES.subarray(0, 1000))
	fs.mkdirSync(path.join(mediaDir, 'movie-550'))
	fs.writeFileSync(
		path.join(mediaDir, 'movie-550', 'index.m3u8'),
		'#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg-0.ts\n#EXT-X-ENDLIST\n',
	)
	fs.writeFileSync(path.join(mediaDir, 'movie-550', 'seg-0.ts'), crypto.randomBytes(188 * 10))
	fs.writeFileSync(path.join(mediaDir, 'movie-550.en.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n')
	fs.writeFileSync(path.join(mediaDir, 'tv-1399-s1e2.mp4'), MP4_BYTES.subarray(0, 2000))
	fs.writeFileSync(path.join(mediaDir, 'secret.txt'), 'not media')
	reference = await startReferenceService({ dir: mediaDir, token: TOKEN, port: 0 })
	fake = await startFakeService()
	process.env.FOURK_SERVICE_URL = reference.url
	resetEnvForTests()
})

afterAll(async () => {
	await reference?.close()
	await fake?.close()
	fs.rmSync(mediaDir, { recursive: true, force: true })
	delete process.env.FOURK_SERVICE_URL
	resetEnvForTests()
})

describe('the reference service', () => {
	it('refuses the protocol without the right Ui-Token', async () => {
		expect((await fetch(`${reference.url}/streams?type=movie&tmdbId=550`)).status).toBe(401)
		expect((await fetch(`${reference.url}/streams?type=movie&tmdbId=550`, { headers: { 'ui-token': `${TOKEN}x` } })).status).toBe(401)
		const token = await fetch(`${reference.url}/token`, {
			method: 'POST',
			headers: { 'ui-token': 'eyWRONG'.padEnd(60, 'x') },
			body: JSON.stringify({ uiToken: TOKEN }),
		})
		expect(token.status).toBe(401)
	})

	it('lists the files of a title with signed URLs and serves them with Range and HEAD', async () => {
		const answer = await fetch(`${reference.url}/streams?type=movie&tmdbId=550`, { headers: { 'ui-token': TOKEN } })
		const { streams } = (await answer.json()) as {
			streams: Array<{ url: string; quality: string; type: string; captions: Array<{ url: string; language: string }> }>
		}
		expect(streams.map((stream) => `${stream.type} ${stream.quality}`).sort()).toEqual(['hls original', 'mp4 1080p', 'mp4 2160p'])
		expect(streams.every((stream) => stream.captions.length === 1 && stream.captions[0]!.language === 'en')).toBe(true)
		const uhd = streams.find((stream) => stream.quality === '2160p')!
		expect(uhd.url).not.toContain(TOKEN)

		const range = await fetch(uhd.url, { headers: { range: 'bytes=100-199' } })
		expect(range.status).toBe(206)
		expect(range.headers.get('content-range')).toBe(`bytes 100-199/${MP4_BYTES.length}`)
		expect(Buffer.from(await range.arrayBuffer()).equals(MP4_BYTES.subarray(100, 200))).toBe(true)
		const head = await fetch(uhd.url, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.headers.get('content-length')).toBe(String(MP4_BYTES.length))
		expect(head.headers.get('content-type')).toBe('video/mp4')
		expect((await fetch(uhd.url, { headers: { range: 'bytes=999999-' } })).status).toBe(416)

		// An unsigned or tampered URL, another file's signature, a traversal: all 404.
		const unsigned = uhd.url.split('?')[0]!
		expect((await fetch(unsigned)).status).toBe(404)
		expect((await fetch(uhd.url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(404)
		expect((await fetch(uhd.url.replace('movie-550.2160p.mp4', 'secret.txt'))).status).toBe(404)
		expect((await fetch(uhd.url.replace('movie-550.2160p.mp4', '..%2F..%2Fetc%2Fpasswd'))).status).toBe(404)
	})

	it('signs the children of a playlist so segments load without the token', async () => {
		const answer = await fetch(`${reference.url}/streams?type=movie&tmdbId=550`, { headers: { 'ui-token': TOKEN } })
		const { streams } = (await answer.json()) as { streams: Array<{ url: string; type: string }> }
		const playlist = await fetch(streams.find((stream) => stream.type === 'hls')!.url)
		expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
		const segmentLine = (await playlist.text()).split('\n').find((line) => line.includes('seg-0.ts'))!
		expect(segmentLine).toMatch(/^\/media\/movie-550\/seg-0\.ts\?exp=\d+&sig=/)
		const segment = await fetch(new URL(segmentLine, reference.url))
		expect(segment.status).toBe(200)
		expect(segment.headers.get('content-type')).toBe('video/mp2t')
	})

	it('answers a show episode and hands back the token on /token', async () => {
		const answer = await fetch(`${reference.url}/streams?type=tv&tmdbId=1399&season=1&episode=2`, { headers: { 'ui-token': TOKEN } })
		expect(((await answer.json()) as { streams: unknown[] }).streams).toHaveLength(1)
		const submitted = await fetch(`${reference.url}/token`, {
			method: 'POST',
			headers: { 'ui-token': TOKEN, 'content-type': 'application/json' },
			body: JSON.stringify({ uiToken: TOKEN }),
		})
		expect(await submitted.json()).toEqual({ token: TOKEN })
	})
})

describe('the token source', () => {
	it('is listed whenever FOURK_SERVICE_URL is set', () => {
		expect(tokenSource()).toMatchObject({ id: 'fourk', name: '4K service', kind: 'token' })
		delete process.env.FOURK_SERVICE_URL
		resetEnvForTests()
		expect(tokenSource()).toBeNull()
		process.env.FOURK_SERVICE_URL = reference.url
		resetEnvForTests()
	})

	it('finds a movie: HLS and gathered MP4 qualities, every URL through the proxy signer', async () => {
		const signer = recordingSigner()
		const source = createTokenSource({ serviceUrl: reference.url, sign: signer.sign })
		const result = await source.lookup(FIGHT_CLUB, lookupContext())
		expect(result.kind).toBe('found')
		if (result.kind !== 'found') return
		const hls = result.streams.find((stream) => stream.type === 'hls')
		const file = result.streams.find((stream) => stream.type === 'file')
		expect(hls?.type === 'hls' && hls.playlist).toMatch(/^\/api\/stream\/proxy\//)
		expect(file?.type === 'file' && Object.keys(file.qualities).sort()).toEqual(['1080', '4k'])
		expect(file?.captions).toEqual([
			expect.objectContaining({ language: 'en', label: 'English', type: 'vtt', url: expect.stringMatching(/^\/api\/stream\/proxy\//) }),
		])
		// What the proxy is asked to fetch: the service's own signed URLs, without the token anywhere.
		expect(signer.targets.length).toBeGreaterThanOrEqual(5)
		for (const target of signer.targets) {
			expect(target.origin).toBe(reference.url)
			expect(target.href).not.toContain(TOKEN)
			expect((await fetch(target, { method: 'HEAD' })).status).toBe(200)
		}
	})

	it('finds a show episode by season and episode', async () => {
		const source = createTokenSource({ serviceUrl: reference.url, sign: recordingSigner().sign })
		const result = await source.lookup(GOT_S1E2, lookupContext())
		expect(result.kind === 'found' && result.streams.map((stream) => stream.type)).toEqual(['file'])
	})

	it('answers none with a reason for each failure', async () => {
		const cases: Array<[serviceUrl: string, context: Partial<LookupContext>, reason: string | RegExp]> = [
			// The viewer can act on these: the reason names the wizard (issue 25 item 4).
			[reference.url, { uiToken: `eyWRONG${'x'.repeat(60)}` }, FOURK_TOKEN_REASON],
			[reference.url, { uiToken: undefined }, FOURK_TOKEN_REASON],
			[`${fake.url}/unauthorized`, {}, FOURK_TOKEN_REASON],
			[`${fake.url}/forbidden`, {}, FOURK_TOKEN_REASON],
			[`${fake.url}/not-json`, {}, 'malformed answer (not JSON)'],
			[`${fake.url}/wrong-shape`, {}, /^malformed answer at streams\.0\./],
			[`${fake.url}/empty`, {}, 'nothing returned'],
			[`${fake.url}/file-urls`, {}, 'no playable stream URL in the answer'],
			[`${fake.url}/huge`, {}, 'answer too large'],
			[`${fake.url}/redirect`, {}, 'service redirected elsewhere (refused)'],
			[`${fake.url}/error`, {}, 'service error (HTTP 500)'],
			['http://127.0.0.1:9', {}, 'service unreachable'],
		]
		for (const [serviceUrl, context, reason] of cases) {
			const source = createTokenSource({ serviceUrl, sign: recordingSigner().sign })
			const result = await source.lookup(FIGHT_CLUB, lookupContext(context))
			expect(result.kind, serviceUrl).toBe('none')
			if (result.kind === 'none') expect(result.reason, serviceUrl).toMatch(reason)
		}
	})

	it('gives up on a slow service at its timeout, and when the lookup is aborted', async () => {
		const source = createTokenSource({ serviceUrl: `${fake.url}/slow`, sign: recordingSigner().sign, timeoutMs: 300 })
		const started = Date.now()
		expect(await source.lookup(FIGHT_CLUB, lookupContext())).toEqual({ kind: 'none', reason: 'timed out' })
		expect(Date.now() - started).toBeLessThan(3000)
		const slowSource = createTokenSource({ serviceUrl: `${fake.url}/slow`, sign: recordingSigner().sign, timeoutMs: 60_000 })
		const controller = new AbortController()
		const pending = slowSource.lookup(FIGHT_CLUB, lookupContext({ signal: controller.signal }))
		setTimeout(() => controller.abort(), 100)
		expect(await pending).toEqual({ kind: 'none', reason: 'timed out' })
	})

	it('answers none when the stream proxy cannot sign, instead of failing the lookup', async () => {
		const source = createTokenSource({
			serviceUrl: reference.url,
			sign: async () => {
				throw new Error('proxy refused')
			},
		})
		expect(await source.lookup(FIGHT_CLUB, lookupContext())).toEqual({ kind: 'none', reason: 'stream proxy unavailable' })
	})
})

describe.each(['sqlite', 'postgres'] as const)('/api/fourk on %s', (dialect) => {
	const running = useApiOnTestDatabase(dialect)
	let clientCounter = 0
	/** A client of its own address (the API trusts X-Forwarded-For in tests), so the rate limit is per test. */
	const client = () =>
		new ApiClient(running.api.baseUrl, { 'x-forwarded-for': `10.9.${Math.floor(clientCounter / 250)}.${(clientCounter++ % 250) + 1}` })

	function useService(url: string | undefined) {
		if (url) process.env.FOURK_SERVICE_URL = url
		else delete process.env.FOURK_SERVICE_URL
		resetEnvForTests()
	}

	/** Every log line written while `run` runs, at every level. */
	async function captureLogs(run: () => Promise<void>): Promise<string> {
		const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym]!
		const lines: string[] = []
		const write = stream.write
		const level = logger.level
		stream.write = (line: string) => {
			lines.push(line)
			return true
		}
		logger.level = 'trace'
		try {
			await run()
		} finally {
			stream.write = write
			logger.level = level
		}
		return lines.join('')
	}

	it("tests a token by the service's status: 200 valid (streams or not), 401/403 invalid, logging each outcome", async () => {
		const outcomes: string[] = []
		const text = await captureLogs(async () => {
			useService(reference.url)
			expect(await client().post('/api/fourk/test', { token: TOKEN })).toMatchObject({ status: 200, body: { valid: true } })
			expect(await client().post('/api/fourk/test', { token: `eyWRONG${'x'.repeat(60)}` })).toMatchObject({
				status: 200,
				body: { valid: false },
			})
			// A service that accepts the token but has no stream for the test title: still a good token.
			useService(`${fake.url}/empty`)
			expect(await client().post('/api/fourk/test', { token: TOKEN })).toMatchObject({ status: 200, body: { valid: true } })
			useService(`${fake.url}/forbidden`)
			expect(await client().post('/api/fourk/test', { token: TOKEN })).toMatchObject({ status: 200, body: { valid: false } })
			useService(`${fake.url}/not-json`)
			expect(await client().post('/api/fourk/test', { token: TOKEN })).toMatchObject({
				status: 502,
				body: { error: 'The 4K service did not answer. Please try again later.' },
			})
			useService(reference.url)
		})
		for (const line of text.split('\n').filter(Boolean)) {
			const entry = JSON.parse(line) as { msg?: string; outcome?: string; status?: number }
			if (entry.msg === '4K token test') outcomes.push(`${entry.outcome}${entry.status ? ` ${entry.status}` : ''}`)
		}
		expect(outcomes).toEqual(['valid', 'invalid 401', 'valid', 'invalid 403', 'service failed'])
		expect(text).not.toContain(TOKEN.slice(20, 60))
		expect(text).not.toContain('eyWRONG')
	})

	it('asks the service for FOURK_TEST_TITLE, and a title the service lacks no longer makes a good token invalid', async () => {
		useService(reference.url)
		// The reference service's folder has movie 550 only: it answers 200 with no stream for movie 13.
		process.env.FOURK_TEST_TITLE = 'movie:13'
		resetEnvForTests()
		expect(await client().post('/api/fourk/test', { token: TOKEN })).toMatchObject({ status: 200, body: { valid: true } })
		expect(await client().post('/api/fourk/test', { token: `eyWRONG${'x'.repeat(60)}` })).toMatchObject({
			status: 200,
			body: { valid: false },
		})
		expect(testTitle()).toEqual({ type: 'movie', tmdbId: 13 })
		expect(testTitle('tv:1399:1:2')).toMatchObject({ type: 'show', tmdbId: 1399, season: { number: 1 }, episode: { number: 2 } })
		delete process.env.FOURK_TEST_TITLE
		resetEnvForTests()
	})

	it('checks the §5 rule on the server too', async () => {
		useService(reference.url)
		for (const body of [
			{ token: 'ey-too-short' },
			{ token: 'x'.repeat(80) },
			{ token: 42 },
			{},
			{ token: `ey${'a'.repeat(60)}\r\nX: y` },
			{ token: `ey${'a'.repeat(5000)}` },
		]) {
			const response = await client().post('/api/fourk/test', body)
			expect(response, JSON.stringify(body).slice(0, 40)).toMatchObject({
				status: 400,
				body: { error: 'Invalid token, please check and try again.' },
			})
			expect((await client().post('/api/fourk/submit', body)).status).toBe(400)
		}
		expect((await client().post('/api/fourk/test', '{"token": "ey')).status).toBe(400)
	})

	it('submits a token and returns the one the service hands back, or a 502', async () => {
		useService(reference.url)
		expect(await client().post('/api/fourk/submit', { token: TOKEN })).toMatchObject({ status: 200, body: { token: TOKEN } })
		expect(await client().post('/api/fourk/submit', { token: `eyWRONG${'x'.repeat(60)}` })).toMatchObject({
			status: 502,
			body: { error: SUBMIT_FAILED_TEXT },
		})
		useService(`${fake.url}/wrong-shape`)
		expect(await client().post('/api/fourk/submit', { token: TOKEN })).toMatchObject({ status: 502, body: { error: SUBMIT_FAILED_TEXT } })
		useService(reference.url)
	})

	it('answers 404 when no service is set up', async () => {
		useService(undefined)
		expect(await client().post('/api/fourk/test', { token: TOKEN })).toMatchObject({
			status: 404,
			body: { error: 'No 4K service is set up on this site.' },
		})
		useService(reference.url)
	})

	it('limits tests and submits per client', async () => {
		useService(reference.url)
		const visitor = client()
		for (let attempt = 1; attempt < FOURK_THROTTLE.limit; attempt += 1)
			expect((await visitor.post('/api/fourk/test', { token: 'short' })).status).toBe(400)
		const blocked = await visitor.post('/api/fourk/test', { token: TOKEN })
		// The limit-th attempt is counted and blocks the key; the next one is refused.
		const next = blocked.status === 429 ? blocked : await visitor.post('/api/fourk/test', { token: TOKEN })
		expect(next.status).toBe(429)
		expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0)
		// Another client is not affected.
		expect((await client().post('/api/fourk/test', { token: TOKEN })).status).toBe(200)
	})

	it("serves the token source's streams through Willow's stream proxy (Range, HLS children, captions)", async () => {
		// The default signer: sealed /api/stream/proxy/… URLs any worker can serve.
		const source = createTokenSource({ serviceUrl: reference.url })
		const result = await source.lookup(FIGHT_CLUB, lookupContext())
		if (result.kind !== 'found') throw new Error(`expected streams, got ${JSON.stringify(result)}`)
		const file = result.streams.find((stream) => stream.type === 'file')
		const hls = result.streams.find((stream) => stream.type === 'hls')
		if (file?.type !== 'file' || hls?.type !== 'hls') throw new Error('expected a file and an HLS stream')
		const uhd = file.qualities['4k']!.url
		expect(uhd).toMatch(/^\/api\/stream\/proxy\/[^/]+\/movie-550\.2160p\.mp4$/)
		expect(JSON.stringify(result)).not.toContain(TOKEN)
		const range = await fetch(`${running.api.baseUrl}${uhd}`, { headers: { range: 'bytes=0-99' } })
		expect(range.status).toBe(206)
		expect(Buffer.from(await range.arrayBuffer()).equals(MP4_BYTES.subarray(0, 100))).toBe(true)
		const playlist = await fetch(`${running.api.baseUrl}${hls.playlist}`)
		expect(playlist.status).toBe(200)
		const segment = (await playlist.text()).split('\n').find((line) => line && !line.startsWith('#'))!
		expect(segment).toMatch(/^\/api\/stream\/proxy\//)
		expect((await fetch(new URL(segment, `${running.api.baseUrl}${hls.playlist}`))).status).toBe(200)
		const caption = await fetch(`${running.api.baseUrl}${file.captions[0]!.url}`)
		expect(await caption.text()).toContain('Hello')
	})

	it('never writes the token to the logs', async () => {
		useService(reference.url)
		const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym]!
		const lines: string[] = []
		const write = stream.write
		const level = logger.level
		stream.write = (line: string) => {
			lines.push(line)
			return true
		}
		logger.level = 'trace'
		try {
			await client().post('/api/fourk/test', { token: TOKEN })
			await client().post('/api/fourk/submit', { token: TOKEN })
			useService(`${fake.url}/error`)
			await client().post('/api/fourk/test', { token: TOKEN })
			await client().post('/api/fourk/submit', { token: TOKEN })
		} finally {
			stream.write = write
			logger.level = level
			useService(reference.url)
		}
		const text = lines.join('')
		// The logs were captured (request lines and the service failures), and hold no token.
		expect(text).toContain('/api/fourk/test')
		expect(text).toContain('4K token submit: service failed')
		expect(text).not.toContain(TOKEN)
		expect(text).not.toContain(TOKEN.slice(20, 60))
	})
})
