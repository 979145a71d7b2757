import crypto from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startApi, type RunningApi } from '#tests/support/api-test-client.ts'
import { seedDemo } from '#server/catalog/demo.server.ts'
import { addonSourceId } from '#server/sources/addons/addon-sources.server.ts'
import { setLookupSourcesForTests } from '#server/sources/api.server.ts'
import { closeClientLimits, consumeClientLimit, setClientLimitsForTests } from '#server/sources/limits.server.ts'
import { SAMPLE_FILES, SAMPLE_HLS } from '#server/sources/sample/clips.ts'
import { resetSigningSecretForTests, signPath } from '#server/sources/signing.server.ts'
import type { LookupContext, LookupEvent, PlaybackSource, SourceResult, Stream } from '#server/sources/types.ts'
import { keepEnv, setEnv } from '#tests/support/env.ts'
import { createTestDatabase, DIALECTS, type TestDatabase } from '#tests/support/db.ts'

// GET /api/sources, GET /api/sources/lookup and the sample clips under
// /api/stream/sample, on a fresh install (demo catalogue, no configuration).

const TIMEOUT_MS = 400
const ENV_KEYS = [
	'TRUST_PROXY',
	'SOURCE_TIMEOUT_MS',
	'SAMPLE_MEDIA',
	'MEDIA_DIR',
	'STREMIO_ADDONS',
	'FOURK_SERVICE_URL',
	'TMDB_API_KEY',
	'TMDB_READ_TOKEN',
	'CATALOG_DEMO',
	'REDIS_URL',
]
const env = keepEnv(ENV_KEYS)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface TimedEvent {
	at: number
	event: LookupEvent
}

/** Reads an NDJSON answer line by line, noting when each line arrived. */
async function readLookup(response: Response): Promise<TimedEvent[]> {
	const started = performance.now()
	const events: TimedEvent[] = []
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	for (;;) {
		const { value, done } = await reader.read()
		if (done) break
		buffer += value
		let newline: number
		while ((newline = buffer.indexOf('\n')) >= 0) {
			const line = buffer.slice(0, newline)
			buffer = buffer.slice(newline + 1)
			if (line) events.push({ at: performance.now() - started, event: JSON.parse(line) as LookupEvent })
		}
	}
	expect(buffer).toBe('')
	return events
}

const stream = (sourceId: string): Stream => ({
	id: `${sourceId}-1`,
	sourceId,
	label: 'A stream',
	type: 'file',
	qualities: { '720': { type: 'mp4', url: 'https://cdn.example/film.mp4' } },
	captions: [],
})

describe.each(DIALECTS)('playback sources API on %s', (dialect) => {
	let testDb: TestDatabase
	let api: RunningApi
	let address = 0
	// Each client stands for its own address (behind the trusted proxy) unless a test says otherwise.
	const clientAddress = () => `198.51.100.${(address++ % 250) + 1}`
	const get = (path: string, headers: Record<string, string> = {}) =>
		fetch(`${api.baseUrl}${path}`, { headers: { 'x-forwarded-for': clientAddress(), ...headers } })

	beforeAll(async () => {
		setEnv({
			TRUST_PROXY: 'true',
			SOURCE_TIMEOUT_MS: String(TIMEOUT_MS),
			SAMPLE_MEDIA: undefined,
			MEDIA_DIR: undefined,
			STREMIO_ADDONS: undefined,
			FOURK_SERVICE_URL: undefined,
			TMDB_API_KEY: undefined,
			TMDB_READ_TOKEN: undefined,
			CATALOG_DEMO: undefined,
			REDIS_URL: undefined,
		})
		resetSigningSecretForTests()
		testDb = await createTestDatabase(dialect)
		await seedDemo(testDb.handle)
		api = await startApi(testDb.handle)
	})

	afterEach(() => {
		setLookupSourcesForTests(undefined)
		setClientLimitsForTests(undefined)
	})

	afterAll(async () => {
		await api?.close()
		await testDb?.destroy()
		env.restore()
		resetSigningSecretForTests()
	})

	describe('a lookup with fake sources', () => {
		const seen: LookupContext[] = []
		const fakes: PlaybackSource[] = [
			{
				id: 'hung',
				name: 'Hung add-on',
				kind: 'addon',
				// Never answers and ignores its signal.
				lookup: () => new Promise<SourceResult>(() => {}),
			},
			{
				id: 'broken',
				name: 'Broken add-on',
				kind: 'addon',
				lookup: async () => {
					await sleep(30)
					throw new Error('the add-on answered 500')
				},
			},
			{
				id: 'found',
				name: 'Good add-on',
				kind: 'addon',
				lookup: async (request, context) => {
					seen.push(context)
					await sleep(20)
					return { kind: 'found', streams: [{ ...stream('found'), label: `${request.title} (${request.releaseYear}) ${request.imdbId}` }] }
				},
			},
			{
				id: 'subs',
				name: 'Subtitles add-on',
				kind: 'addon',
				lookup: async () => ({
					kind: 'subtitles',
					captions: [{ id: 'en-1', language: 'en', label: 'English', url: '/api/stream/proxy/en.vtt', type: 'vtt' }],
				}),
			},
		]

		it('streams checking in fixed order, each answer as it happens (slow and broken ones as none), then done', async () => {
			setLookupSourcesForTests(async () => fakes)
			const response = await get('/api/sources/lookup?type=movie&tmdbId=550')
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
			expect(response.headers.get('x-accel-buffering')).toBe('no')
			expect(response.headers.get('cache-control')).toBe('no-store')
			const events = await readLookup(response)
			const lines = events.map(({ event }) => event)
			expect(lines.slice(0, 4).map((event) => event.event === 'checking' && event.source.id)).toEqual(['hung', 'broken', 'found', 'subs'])
			expect(lines.slice(4)).toEqual([
				{
					event: 'subtitles',
					source: { id: 'subs', name: 'Subtitles add-on' },
					captions: [{ id: 'en-1', language: 'en', label: 'English', url: '/api/stream/proxy/en.vtt', type: 'vtt' }],
				},
				// The scrape request came from the catalogue, not the client.
				{
					event: 'found',
					source: { id: 'found', name: 'Good add-on' },
					streams: [{ ...stream('found'), label: 'Fight Club (1999) tt0137523' }],
				},
				{ event: 'none', source: { id: 'broken', name: 'Broken add-on' }, reason: 'the add-on answered 500' },
				{ event: 'none', source: { id: 'hung', name: 'Hung add-on' }, reason: 'timed out' },
				{ event: 'done' },
			])
			// Lines are flushed as they happen: the answer came long before the hung source's timeout.
			const foundAt = events.find(({ event }) => event.event === 'found')!.at
			const doneAt = events.at(-1)!.at
			expect(doneAt - foundAt).toBeGreaterThan(TIMEOUT_MS / 2)
		})

		it('asks one source with source=<id>, passes Ui-Token and the signed-in user, and builds show requests', async () => {
			let request: unknown
			setLookupSourcesForTests(async () => [
				...fakes,
				{
					id: 'echo',
					name: 'Echo',
					kind: 'token',
					lookup: async (scrape, context) => {
						request = scrape
						seen.push(context)
						return { kind: 'none', reason: 'nothing here' }
					},
				},
			])
			const browser = new ApiClient(api.baseUrl, { 'x-forwarded-for': clientAddress() })
			const tag = crypto.randomBytes(4).toString('hex')
			const signup = await browser.post<{ user: { username: string } }>('/api/auth/signup', {
				username: `viewer_${tag}`,
				email: `viewer.${tag}@example.com`,
				password: 'correct horse battery',
				passwordConfirm: 'correct horse battery',
			})
			expect(signup.status).toBe(201)
			seen.length = 0
			const response = await get('/api/sources/lookup?type=tv&tmdbId=1399&season=1&episode=2&source=echo', {
				cookie: browser.cookie!,
				'ui-token': 'eyJhbGciOiJIUzI1NiJ9.test-token',
			})
			expect(response.status).toBe(200)
			expect((await readLookup(response)).map(({ event }) => event)).toEqual([
				{ event: 'checking', source: { id: 'echo', name: 'Echo' } },
				{ event: 'none', source: { id: 'echo', name: 'Echo' }, reason: 'nothing here' },
				{ event: 'done' },
			])
			expect(request).toMatchObject({
				type: 'show',
				title: 'Game of Thrones',
				releaseYear: 2011,
				tmdbId: 1399,
				imdbId: 'tt0944947',
				season: { number: 1 },
				episode: { number: 2 },
			})
			expect(seen).toHaveLength(1)
			expect(seen[0]).toMatchObject({ uiToken: 'eyJhbGciOiJIUzI1NiJ9.test-token', user: { username: `viewer_${tag}` } })
			expect(seen[0]!.clientKey).toMatch(/^user:/)
		})

		it('aborts every source when the client goes away', async () => {
			let signal: AbortSignal | undefined
			setLookupSourcesForTests(async () => [
				{
					id: 'waiting',
					name: 'Waiting add-on',
					kind: 'addon',
					lookup: (_request, context) => {
						signal = context.signal
						return new Promise<SourceResult>(() => {})
					},
				},
			])
			const client = new AbortController()
			const response = await fetch(`${api.baseUrl}/api/sources/lookup?type=movie&tmdbId=550`, {
				signal: client.signal,
				headers: { 'x-forwarded-for': clientAddress() },
			})
			const reader = response.body!.getReader()
			await reader.read()
			client.abort()
			for (let i = 0; i < 200 && !signal?.aborted; i++) await sleep(5)
			expect(signal?.aborted).toBe(true)
			// Told because the client left, not by its own timeout.
			expect((signal?.reason as Error).message).toBe('client went away')
		})
	})

	describe('errors before the stream starts', () => {
		it.each([
			['/api/sources/lookup', /type/],
			['/api/sources/lookup?type=film&tmdbId=550', /type/],
			['/api/sources/lookup?type=movie', /tmdbId/],
			['/api/sources/lookup?type=movie&tmdbId=abc', /tmdbId/],
			['/api/sources/lookup?type=movie&tmdbId=-4', /tmdbId/],
			['/api/sources/lookup?type=movie&tmdbId=550&tmdbId=551', /tmdbId/],
			['/api/sources/lookup?type=tv&tmdbId=1399&season=1', /episode/],
			['/api/sources/lookup?type=tv&tmdbId=1399&season=x&episode=1', /season/],
		])('%s → 400', async (path, message) => {
			const response = await get(path)
			expect(response.status).toBe(400)
			expect(response.headers.get('content-type')).toMatch(/^application\/json/)
			expect(((await response.json()) as { error: string }).error).toMatch(message)
		})

		it('answers 400 for an oversized Ui-Token', async () => {
			const response = await get('/api/sources/lookup?type=movie&tmdbId=550', { 'ui-token': `ey${'x'.repeat(5000)}` })
			expect(response.status).toBe(400)
		})

		it.each([
			['/api/sources/lookup?type=movie&tmdbId=999999999', 'Unknown title'],
			['/api/sources/lookup?type=tv&tmdbId=999999999&season=1&episode=1', 'Unknown title'],
			['/api/sources/lookup?type=tv&tmdbId=1399&season=1&episode=999', 'Unknown episode'],
			['/api/sources/lookup?type=movie&tmdbId=550&source=nope', 'Unknown source'],
		])('%s → 404', async (path, message) => {
			const response = await get(path)
			expect(response.status).toBe(404)
			expect(await response.json()).toEqual({ error: message })
		})

		it('answers 429 with Retry-After once a client is over its lookup limit, other clients unaffected', async () => {
			setClientLimitsForTests({ lookup: { limit: 3 } })
			setLookupSourcesForTests(async () => [])
			const me = { 'x-forwarded-for': '203.0.113.77' }
			const statuses = await Promise.all(
				Array.from({ length: 6 }, () =>
					fetch(`${api.baseUrl}/api/sources/lookup?type=movie&tmdbId=550`, { headers: me }).then(async (r) => (await r.text(), r.status)),
				),
			)
			expect(statuses.filter((status) => status === 200)).toHaveLength(3)
			expect(statuses.filter((status) => status === 429)).toHaveLength(3)
			const limited = await fetch(`${api.baseUrl}/api/sources/lookup?type=movie&tmdbId=550`, { headers: me })
			expect(limited.status).toBe(429)
			expect(limited.headers.get('retry-after')).toBe('60')
			expect(((await limited.json()) as { error: string }).error).toMatch(/Too many lookups/)
			expect((await get('/api/sources/lookup?type=movie&tmdbId=550')).status).toBe(200)
		})
	})

	describe('client limits', () => {
		it('count exactly under parallel use, per kind and client, in fixed windows', async () => {
			setClientLimitsForTests({ remux: { limit: 5, windowMs: 60_000 } })
			const client = `ip:test-${crypto.randomBytes(4).toString('hex')}`
			const now = 60_000 * 1_000_000 + 10
			const answers = await Promise.all(Array.from({ length: 12 }, () => consumeClientLimit('remux', client, 1, now)))
			expect(answers.filter(Boolean)).toHaveLength(5)
			expect(await consumeClientLimit('remux', `${client}-other`, 1, now)).toBe(true)
			expect(await consumeClientLimit('lookup', client, 1, now)).toBe(true)
			// The next window starts from zero.
			expect(await consumeClientLimit('remux', client, 1, now + 60_000)).toBe(true)
		})

		it('count proxied bytes in KiB up to the hourly budget', async () => {
			setClientLimitsForTests({ 'proxy-bytes': { limit: 1024 } })
			const client = `ip:bytes-${crypto.randomBytes(4).toString('hex')}`
			expect(await consumeClientLimit('proxy-bytes', client, 512 * 1024)).toBe(true)
			expect(await consumeClientLimit('proxy-bytes', client, 512 * 1024)).toBe(true)
			expect(await consumeClientLimit('proxy-bytes', client, 1)).toBe(false)
			expect(await consumeClientLimit('proxy-bytes', client, 10 * 1024 ** 4)).toBe(false)
		})
	})

	describe('a fresh install', () => {
		it('lists the sample clips', async () => {
			const response = await get('/api/sources')
			expect(response.status).toBe(200)
			const body = (await response.json()) as { sources: Array<{ id: string; name: string; kind: string }> }
			expect(body.sources).toEqual([{ id: 'sample', name: 'Sample clips', kind: 'sample' }])
		})

		it("ranks the owner's sources first, then the user's add-ons, then the sample clips (decision 0037)", async () => {
			const addons = ['http://127.0.0.1:9/first/manifest.json', 'http://127.0.0.1:9/second/manifest.json']
			setEnv({
				MEDIA_DIR: '/nonexistent-media-for-the-rank-test',
				FOURK_SERVICE_URL: 'http://127.0.0.1:9',
				STREMIO_ADDONS: addons.join(','),
			})
			try {
				const response = await get('/api/sources')
				const body = (await response.json()) as { sources: Array<{ id: string; kind: string }> }
				expect(body.sources.map(({ id, kind }) => `${kind}:${id}`)).toEqual([
					'library:library',
					'token:fourk',
					`addon:${addonSourceId(addons[0]!)}`,
					`addon:${addonSourceId(addons[1]!)}`,
					'sample:sample',
				])
				// A lookup sends its checking events in the same order (the token source only with a token).
				const events = (await readLookup(await get('/api/sources/lookup?type=movie&tmdbId=10378', { 'ui-token': `ey${'a'.repeat(60)}` })))
					.map(({ event }) => event)
					.filter((event) => event.event === 'checking')
				expect(events.map((event) => event.source.id)).toEqual(body.sources.map(({ id }) => id))
			} finally {
				setEnv({ MEDIA_DIR: undefined, FOURK_SERVICE_URL: undefined, STREMIO_ADDONS: undefined })
			}
		})

		it('names the titles the sample clips cover when a title has none, with a link to one', async () => {
			const events = (await readLookup(await get('/api/sources/lookup?type=movie&tmdbId=550'))).map(({ event }) => event)
			expect(events.find((event) => event.event === 'none' && event.source.id === 'sample')).toEqual({
				event: 'none',
				source: { id: 'sample', name: 'Sample clips' },
				reason:
					'No source has this title. Sample clips cover Big Buck Bunny, Sintel, Tears of Steel and Stranger Things (season 1, episodes 1–3).',
				next: { href: '/movies/10378-big-buck-bunny', label: 'Watch Big Buck Bunny' },
			})
		})

		it('asks the 4K service without a token when it is chosen by name, so the viewer hears what to do', async () => {
			setEnv({ FOURK_SERVICE_URL: 'http://127.0.0.1:9' })
			try {
				const response = await get('/api/sources/lookup?type=movie&tmdbId=10378&source=fourk')
				expect(response.status).toBe(200)
				const events = (await readLookup(response)).map(({ event }) => event)
				expect(events[1]).toEqual({
					event: 'none',
					source: { id: 'fourk', name: '4K service' },
					reason: 'Your 4K token is missing or expired: set it up on /4k',
					next: { href: '/4k', label: 'Set up 4K' },
				})
			} finally {
				setEnv({ FOURK_SERVICE_URL: undefined })
			}
		})

		it('finds the sample clips for Big Buck Bunny, and they play with Range, HEAD and the right types', async () => {
			const events = (await readLookup(await get('/api/sources/lookup?type=movie&tmdbId=10378'))).map(({ event }) => event)
			expect(events[0]).toEqual({ event: 'checking', source: { id: 'sample', name: 'Sample clips' } })
			expect(events.at(-1)).toEqual({ event: 'done' })
			const found = events.find((event) => event.event === 'found' && event.source.id === 'sample')
			if (found?.event !== 'found') throw new Error('no sample clips found')
			const [file, hls] = found.streams
			if (file?.type !== 'file' || hls?.type !== 'hls') throw new Error(`unexpected streams ${JSON.stringify(found.streams)}`)
			expect(file).toMatchObject({ sourceId: 'sample', label: 'Sample clip (test pattern)', intro: { start: 0, end: 5 } })
			expect(Object.keys(file.qualities).sort()).toEqual(['1080', '480', '720'])
			expect(file.captions.map(({ language, label, type }) => ({ language, label, type }))).toEqual([
				{ language: 'en', label: 'English', type: 'srt' },
				{ language: 'es', label: 'Spanish', type: 'vtt' },
			])

			const mp4 = file.qualities['720']!.url
			expect(mp4).toMatch(/^\/api\/stream\/sample\/sample-720\.mp4\?exp=\d+&sig=[\w-]+$/)
			const whole = await fetch(`${api.baseUrl}${mp4}`, { method: 'HEAD' })
			expect(whole.status).toBe(200)
			expect(whole.headers.get('content-type')).toBe('video/mp4')
			expect(whole.headers.get('accept-ranges')).toBe('bytes')
			expect(whole.headers.get('cache-control')).toBe('private, max-age=3600')
			const size = Number(whole.headers.get('content-length'))
			expect(size).toBeGreaterThan(10_000)
			const part = await fetch(`${api.baseUrl}${mp4}`, { headers: { range: 'bytes=100-199' } })
			expect(part.status).toBe(206)
			expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`)
			expect((await part.arrayBuffer()).byteLength).toBe(100)
			const etag = whole.headers.get('etag')!
			// fetch() adds Cache-Control: no-cache to a conditional request unless the caller sets one.
			expect((await fetch(`${api.baseUrl}${mp4}`, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304)

			const playlist = await fetch(`${api.baseUrl}${hls.playlist}`)
			expect(playlist.status).toBe(200)
			expect(playlist.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/)
			// The multivariant playlist: its level playlists (lines) and audio renditions (URI="…") are signed links.
			const master = await playlist.text()
			const levels = master.split('\n').filter((line) => line.startsWith('/api/'))
			expect(levels).toHaveLength(Object.keys(SAMPLE_HLS.levels).length)
			const audio = [...master.matchAll(/URI="([^"]+)"/g)].map((match) => match[1]!)
			expect(audio).toHaveLength(Object.keys(SAMPLE_HLS.audio).length)
			for (const link of [...levels, ...audio]) expect(link).toMatch(/^\/api\/stream\/sample\/sample-[\w-]+\.m3u8\?exp=\d+&sig=/)
			const audioPlaylist = await (await fetch(`${api.baseUrl}${audio[1]}`)).text()
			expect(audioPlaylist.split('\n').filter((line) => line.startsWith('/api/'))).toHaveLength(SAMPLE_HLS.audio.es.segments.length)
			const segments = (await (await fetch(`${api.baseUrl}${levels[0]}`)).text()).split('\n').filter((line) => line.startsWith('/api/'))
			expect(segments).toHaveLength(SAMPLE_HLS.levels['720'].segments.length)
			const segment = await fetch(`${api.baseUrl}${segments[0]}`)
			expect(segment.status).toBe(200)
			expect(segment.headers.get('content-type')).toBe('video/mp2t')
			expect(new Uint8Array(await segment.arrayBuffer())[0]).toBe(0x47)

			const [srt, vtt] = await Promise.all(file.captions.map((caption) => fetch(`${api.baseUrl}${caption.url}`)))
			expect(srt!.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8')
			expect(await srt!.text()).toMatch(/^1\n00:00:00,500 --> 00:00:04,500\nIntro/)
			expect(vtt!.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
			expect(await vtt!.text()).toMatch(/^WEBVTT\n\n00:00:00\.500 --> /)
		})

		it('answers for Stranger Things S1E1–E3 and not for other episodes or titles', async () => {
			const sampleAnswer = async (path: string) => {
				const events = (await readLookup(await get(path))).map(({ event }) => event)
				return events.find((event) => (event.event === 'found' || event.event === 'none') && event.source.id === 'sample')?.event
			}
			expect(await sampleAnswer('/api/sources/lookup?type=tv&tmdbId=66732&season=1&episode=3')).toBe('found')
			expect(await sampleAnswer('/api/sources/lookup?type=tv&tmdbId=66732&season=1&episode=4')).toBe('none')
			expect(await sampleAnswer('/api/sources/lookup?type=movie&tmdbId=550')).toBe('none')
		})

		it('refuses bad, expired or borrowed signatures (403) and names outside the fixed list (404)', async () => {
			const good = await signPath(`/api/stream/sample/${SAMPLE_FILES.mp4['480']}`)
			const [path, query] = good.split('?') as [string, string]
			const params = new URLSearchParams(query)
			const expired = await signPath(`/api/stream/sample/${SAMPLE_FILES.mp4['480']}`, -60_000)
			const cases: Array<[string, number]> = [
				[good, 200],
				[path, 403],
				[`${path}?exp=${params.get('exp')}&sig=${'A'.repeat(43)}`, 403],
				[`${path}?exp=${Number(params.get('exp')) + 1}&sig=${params.get('sig')}`, 403],
				[expired, 403],
				// A signature for one file does not open another.
				[`/api/stream/sample/${SAMPLE_FILES.mp4['1080']}?${query}`, 403],
				[`/api/stream/sample/package.json?${query}`, 404],
				[`/api/stream/sample/..%2F..%2F..%2Fpackage.json?${query}`, 404],
				[`/api/stream/sample/%2e%2e?${query}`, 404],
			]
			for (const [url, status] of cases) {
				const response = await fetch(`${api.baseUrl}${url}`, { method: 'HEAD' })
				expect([url, response.status]).toEqual([url, status])
			}
			const refused = await fetch(`${api.baseUrl}${path}`)
			expect(await refused.json()).toEqual({ error: 'This link is invalid or has expired' })
		})

		it('lists no sample source with SAMPLE_MEDIA=off, and serves no clip even on a signed link', async () => {
			const link = await signPath(`/api/stream/sample/${SAMPLE_FILES.mp4['480']}`)
			setEnv({ SAMPLE_MEDIA: 'off' })
			try {
				const body = (await (await get('/api/sources')).json()) as { sources: Array<{ id: string }> }
				expect(body.sources.map((source) => source.id)).not.toContain('sample')
				expect((await fetch(`${api.baseUrl}${link}`, { method: 'HEAD' })).status).toBe(404)
			} finally {
				setEnv({ SAMPLE_MEDIA: undefined })
			}
		})
	})
})

describe('client limits in Redis', () => {
	beforeAll(() => setEnv({ REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }))
	afterAll(async () => {
		await closeClientLimits()
		setEnv({ REDIS_URL: env.saved.REDIS_URL })
	})

	it('count exactly under parallel use', async () => {
		const client = `ip:redis-${crypto.randomBytes(6).toString('hex')}`
		const answers = await Promise.all(Array.from({ length: 70 }, () => consumeClientLimit('lookup', client)))
		expect(answers.filter(Boolean)).toHaveLength(60)
	})
})
